"""Guardians (FPG's collectible card game): the ruleset package; content in cards.py and decks.py."""
