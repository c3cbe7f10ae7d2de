# Legend's part of `make soak` and `make bench` (the Makefile includes every mk/<game>.mk).
SOAK_RUNS += soak-legend
BENCH_RUNS += bench-legend
.PHONY: soak-legend bench-legend

soak-legend: setup ## 10,000 random Legend Track races; 2,000 random Legend Stage races, Rust and Python; hard against medium over 1,000 Stage races
	AUTODROMO_SOAK=100000 $(PY) -m pytest -q tests/test_legend.py -k harness_over_random
	AUTODROMO_STAGE_RACES=2000 cargo test -p autodromo-core --release --test legend stage_harness:: -- --nocapture
	AUTODROMO_STAGE_RACES=2000 $(PY) -m pytest -q tests/test_legend_stage.py -k harness
	AUTODROMO_STAGE_BOT_RACES=500 cargo test -p autodromo-core --release --test legend stage_bots:: -- --nocapture

bench-legend: setup ## The web page's round trip of one decision in a Legend race
	$(PY) benches/legend/web_roundtrip.py
