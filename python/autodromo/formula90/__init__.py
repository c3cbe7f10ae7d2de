"""Race! Formula 90 in Python: what the Rust core leaves to the orchestration (championships)."""
