"""Coverage-guided fuzzing with atheris (issue 11 item 7).

Two targets, each run as `python -m tests.fuzz TARGET [libFuzzer flags] [CORPUS]`:

- `requests`: bytes as any RPC's request, from any caller, through the servicer's
  own handlers (decoding, size limits, command conversion, the rules): every
  refusal must be a deliberate status, never INTERNAL or UNKNOWN.
- `logs`: bytes as a log sent to ReplayLog, VerifyLog, ImportLog and ForkGame,
  through the very checks those calls run: only refusals the service names, and
  verify, import and fork accept exactly the same logs.

`make test` runs both for a short while (tests/test_fuzz.py); `make fuzz` for longer,
keeping the corpus in .fuzz/. The seeds are made afresh by each run: short games of
every ruleset, as requests and as logs.
"""
