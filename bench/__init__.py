"""Benchmarks (never timed tests): `make bench`."""
