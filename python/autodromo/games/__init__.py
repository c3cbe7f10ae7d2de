"""Per-game Python helpers: terminal rendering and prompts."""
