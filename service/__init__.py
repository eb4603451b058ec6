"""The server: gRPC, persistence, streaming and seat authentication around the pure rules.

It reaches every game through the kernel's one interface (domain.games.REGISTRY) and
never names one; it imports neither the client nor the tools (tests/test_imports.py).
"""
