# Formula 90's part of `make soak` (the Makefile includes every mk/<game>.mk).
SOAK_RUNS += soak-formula90
.PHONY: soak-formula90

soak-formula90: setup ## 2,000 random Formula 90 races
	AUTODROMO_F90_RACES=2000 cargo test -p autodromo-core --release --test formula90 harness::

# Formula 90's part of `make bench`: the core's log and view late in a race, as a page reads them,
# and the web app's CPU per decision in process.
BENCH_RUNS += bench-formula90-late
.PHONY: bench-formula90-late

bench-formula90-late: setup ## Formula 90's log and view late in a race, and its decisions through the web app (CPU ms)
	$(PY) benches/formula90/late_race.py
	$(PY) benches/web_cpu.py --games formula90 --most 300
