"""Pure rules: the kernel shared by every game, and one package per game.

Nothing in this package performs I/O, reads the clock or uses global randomness.
"""
