"""Shared fixtures of the flexure Python tests: the CLI to compare with, scene paths, scratch dirs."""
import json
import os
import subprocess
from pathlib import Path

import pytest

SOURCE_DIR = Path(os.environ.get("FLEXURE_SOURCE_DIR", Path(__file__).resolve().parents[2]))
CLI = os.environ.get("FLEXURE_CLI", str(SOURCE_DIR / "build" / "src" / "cli" / "flexure-cli"))


def scene_path(name: str) -> str:
    return str(SOURCE_DIR / "scenes" / name)


def run_cli(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    """Runs flexure-cli with `args`; returns the completed process (text stdout/stderr)."""
    r = subprocess.run([CLI, *args], capture_output=True, text=True)
    if check and r.returncode not in (0, 3):  # 3: solve did not converge, still a report
        raise AssertionError(f"flexure-cli {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r


def cli_json(*args: str):
    return json.loads(run_cli(*args).stdout)


# Keys that measure wall-clock time: the only ones allowed to differ between two runs.
TIMING_KEYS = {"seconds"}


def without_timing(value):
    """The report with every wall-clock figure removed (recursively)."""
    if isinstance(value, dict):
        return {k: without_timing(v) for k, v in value.items() if k not in TIMING_KEYS and not k.endswith("_seconds")}
    if isinstance(value, list):
        return [without_timing(v) for v in value]
    return value


@pytest.fixture
def scratch(tmp_path):
    return tmp_path


def pytest_sessionfinish(session, exitstatus):
    # A file whose every test was skipped must not pass as if it had tested something.
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None:
        return
    passed = len(reporter.stats.get("passed", []))
    if exitstatus == 0 and passed == 0:
        session.exitstatus = 5
