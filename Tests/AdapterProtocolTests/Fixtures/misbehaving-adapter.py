#!/usr/bin/env python3
"""A process adapter that misbehaves on purpose, for the fault tests of AdapterProtocolTests.

usage: misbehaving-adapter.py MODE STATE_FILE FAULT_SCENARIO SERVE_COMMAND...

It relays the protocol to SERVE_COMMAND (rive-harness serve) and counts the scenarios it
sees (one `adapter.makeWorker` each) in STATE_FILE, across restarts. In the scenario
numbered FAULT_SCENARIO (1-based), at the request after `adapter.makeWorker`, it misbehaves
as MODE says:

  exit       writes to stderr and exits with status 3 without answering
  hang       never answers again
  garbage    writes a line that is not JSON
  wrong-id   answers with an id the client did not send next
  oversized  writes a line longer than the protocol's 16 MiB limit
  refuse     answers with a protocol.* error (client and server disagree)
  handshake  exits like 'exit'; the next start dies during the handshake
  banner     exits like 'exit'; the next start prints a banner on stdout before the handshake
  close-output  closes its standard output without answering and keeps running
  orphan     starts a grandchild that holds its standard output open, then exits with status 3

The first handshake is always answered properly, so the run can plan.
"""
import json
import os
import subprocess
import sys
import time

mode, state_path, fault_scenario = sys.argv[1], sys.argv[2], int(sys.argv[3])
serve = sys.argv[4:]


def load_state():
    try:
        with open(state_path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {"scenarios": 0, "starts": 0, "faulted": False}


def save_state(state):
    with open(state_path, "w") as f:
        json.dump(state, f)


state = load_state()
state["starts"] += 1
save_state(state)
restart_after_fault = state["faulted"] and not state.get("restart_misbehaved")

if restart_after_fault and mode in ("handshake", "banner"):
    state["restart_misbehaved"] = True
    save_state(state)
    if mode == "handshake":
        sys.stdin.readline()
        sys.stderr.write("misbehaving adapter: dying during the handshake\n")
        sys.stderr.flush()
        sys.exit(1)
    sys.stdout.write("misbehaving adapter says hello before the handshake\n")
    sys.stdout.flush()

child = subprocess.Popen(serve, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
armed = False
out = sys.stdout.buffer

while True:
    line = sys.stdin.buffer.readline()
    if not line:
        break
    request = json.loads(line)
    if armed:
        armed = False
        state["faulted"] = True
        save_state(state)
        sys.stderr.write("misbehaving adapter: fault '%s' at request %d (%s)\n" % (mode, request["id"], request["op"]))
        sys.stderr.flush()
        if mode in ("exit", "handshake", "banner"):
            child.kill()
            sys.exit(3)
        if mode == "hang":
            while True:
                time.sleep(60)
        if mode == "close-output":
            child.kill()
            os.close(1)
            while True:
                time.sleep(60)
        if mode == "orphan":
            child.kill()
            subprocess.Popen(["sleep", "600"], stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            sys.exit(3)
        if mode == "garbage":
            out.write(b"this is not JSON {\n")
        elif mode == "wrong-id":
            out.write(json.dumps({"id": request["id"] + 1000, "result": {}}).encode() + b"\n")
        elif mode == "refuse":
            out.write(json.dumps({"id": request["id"], "error": {"code": "protocol.unknown-op", "message": "refused"}}).encode() + b"\n")
        elif mode == "oversized":
            out.write(b'{"id":' + str(request["id"]).encode() + b',"result":{"pad":"' + b"x" * (17 * 1024 * 1024) + b'"}}\n')
        out.flush()
        while True:
            time.sleep(60)
    child.stdin.write(line)
    child.stdin.flush()
    while True:
        answer = child.stdout.readline()
        if not answer:
            sys.exit(0)
        out.write(answer)
        if b'"id"' in answer[:8]:
            break
    out.flush()
    if request["op"] == "adapter.makeWorker":
        state["scenarios"] += 1
        save_state(state)
        if state["scenarios"] == fault_scenario and not state["faulted"]:
            armed = True
    if request["op"] == "shutdown":
        break
child.stdin.close()
child.wait()
