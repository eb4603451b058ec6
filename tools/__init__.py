"""What a person runs: the `tablerules` command line, terminal play and its bots, the
web viewer's server side, card importers and the release archive tool.

Tools use the server's package (to serve, or to work on a store) and the Python client
(to talk to a running server); neither of those imports a tool (tests/test_imports.py).
"""
