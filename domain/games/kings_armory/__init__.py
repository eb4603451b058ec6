"""The King's Armory (GateKeeper Gaming) as a tablerules decider. See RULES.md."""
