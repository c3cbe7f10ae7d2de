# Formula 90's part of `make soak` (the Makefile includes every mk/<game>.mk).
SOAK_RUNS += soak-formula90
.PHONY: soak-formula90

soak-formula90: setup ## 2,000 random Formula 90 races
	AUTODROMO_F90_RACES=2000 cargo test -p autodromo-core --release --test formula90_harness
