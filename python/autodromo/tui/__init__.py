"""Terminal views and prompts, one module per game."""
