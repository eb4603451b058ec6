"""The adapters around the pure rules: gRPC, persistence, streaming and the CLI."""
