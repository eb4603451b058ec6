"""One package per game. REGISTRY names every ruleset the service offers."""
