"""A first tablerules program: make a game, read a seat's view, submit a legal command,
and follow the events as that seat sees them (clients/python/README.md)."""

import sys

from tablerules_client import Client

address = sys.argv[1] if len(sys.argv) > 1 else "127.0.0.1:50051"
with Client(address) as client:
    game = client.create_game("armory", ["ann", "bob"])
    print(f"game {game.game_id}")
    ann = client.seat(game.game_id, game.seats[0].token)
    view = ann.view()                                   # the view, its status and ann's legal commands
    print("\n".join(view.view_lines))                   # the table in a few lines
    if view.legal_commands:                             # ann's move (else bob was drawn to start)
        print("ann:", view.legal_command_texts[0])
        ann.submit(view.legal_commands[0], expected_version=view.version)
    version = ann.view().version
    for event in ann.stream(from_version=0):            # catch-up, then live
        print(f"{event.seq:>3} {event.text}")           # each event in words, as ann sees it
        if event.seq == version:
            break
