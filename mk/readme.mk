# The README's blocks and figures (issue 26 item 5; scripts/readme.py says
# how a block is marked):
#   make readme                      every block made again: the exact ones
#                                    by their commands, the transcripts by a
#                                    real run each (make run, make selftest:
#                                    QEMU boots), the figures from the built
#                                    files; README.md and docs/readme/ rewritten
#   make readme READMEONLY=a,b       rerun only those transcripts (the other
#                                    blocks are still made again)
#   make readme READMENORUN=1        rerun no transcript
# tests/suite-readme.sh (in make test) fails when a block or a figure is not
# what its command, its saved run or its file gives.
READMEONLY ?=
READMENORUN ?=
.PHONY: readme
readme: host web host-aarch64
	scripts/readme.py refresh $(if $(READMEONLY),--only $(READMEONLY)) $(if $(READMENORUN),--no-runs)
TEST_SUITES += tests/suite-readme.sh
