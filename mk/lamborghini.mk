# Lamborghini's part of `make soak` (the Makefile includes every mk/<game>.mk).
SOAK_RUNS += soak-lamborghini
.PHONY: soak-lamborghini

soak-lamborghini: setup ## 10,000 random Lamborghini games (make test plays 1,000)
	AUTODROMO_SOAK=100000 $(PY) -m pytest -q tests/test_lamborghini.py -k harness_over_random
