#!/usr/bin/env python3
"""A toy RiveHarness process adapter in Python (standard library only).

It speaks the JSON-lines protocol of docs/adapter-protocol.md and declares one capability,
`introspection`: file, artboard and instance names, properties, enums and default view-model
info. It is the template a runtime team copies: replace the `ToyFile` loader with your
runtime's and add operations as you declare more capabilities.

It does not parse .riv files. It serves *descriptions*: the JSON that
`rive-harness inspect FILE.riv --json` prints, stored as DESCRIPTIONS/<sha256 of FILE.riv>.json.
A loaded file whose bytes have no description is an invalid file (`file.invalid-file`).

usage: toy_adapter.py DESCRIPTIONS
"""
import base64
import hashlib
import json
import os
import sys

PROTOCOL_VERSION = 1

class Op:
    """The adapter protocol's operation names (docs/adapter-protocol.md, "Operations"): the same
    list as the Swift client's and server's `WireOperation` and the rive-cpp driver's
    operations.hpp (RiveHarness's tests check that they agree). This toy serves only some."""

    # The session
    HANDSHAKE = "handshake"
    PING = "ping"
    SHUTDOWN = "shutdown"
    RELEASE = "release"
    # The adapter
    ADAPTER_MAKE_WORKER = "adapter.makeWorker"
    # A worker
    WORKER_LOAD_FILE = "worker.loadFile"
    WORKER_DECODE_IMAGE = "worker.decodeImage"
    WORKER_DECODE_FONT = "worker.decodeFont"
    WORKER_DECODE_BLOB = "worker.decodeBlob"
    WORKER_FLUSH = "worker.flush"
    WORKER_TAKE_LOG = "worker.takeLog"
    WORKER_MAKE_VIEW = "worker.makeView"
    # A file
    FILE_GET_ARTBOARD_NAMES = "file.getArtboardNames"
    FILE_GET_VIEW_MODEL_NAMES = "file.getViewModelNames"
    FILE_GET_GLOBAL_VIEW_MODEL_NAMES = "file.getGlobalViewModelNames"
    FILE_GET_INSTANCE_NAMES = "file.getInstanceNames"
    FILE_GET_PROPERTIES = "file.getProperties"
    FILE_GET_VIEW_MODEL_ENUMS = "file.getViewModelEnums"
    FILE_GET_DEFAULT_VIEW_MODEL_INFO = "file.getDefaultViewModelInfo"
    FILE_CREATE_ARTBOARD = "file.createArtboard"
    FILE_CREATE_VIEW_MODEL_INSTANCE = "file.createViewModelInstance"
    FILE_MAKE_RIVE = "file.makeRive"
    # An artboard
    ARTBOARD_GET_STATE_MACHINE_NAMES = "artboard.getStateMachineNames"
    ARTBOARD_GET_SIZE = "artboard.getSize"
    ARTBOARD_GET_ANIMATION_NAMES = "artboard.getAnimationNames"
    ARTBOARD_CREATE_STATE_MACHINE = "artboard.createStateMachine"
    ARTBOARD_CREATE_ANIMATION_SCENE = "artboard.createAnimationScene"
    # A state machine
    STATE_MACHINE_ADVANCE = "stateMachine.advance"
    STATE_MACHINE_BIND_VIEW_MODEL_INSTANCE = "stateMachine.bindViewModelInstance"
    STATE_MACHINE_BIND_VIEW_MODEL_INSTANCES = "stateMachine.bindViewModelInstances"
    STATE_MACHINE_SETTLED_STREAM = "stateMachine.settledStream"
    STATE_MACHINE_SET_INPUT = "stateMachine.setInput"
    STATE_MACHINE_TRIGGER_INPUT = "stateMachine.triggerInput"
    # A view-model instance
    INSTANCE_NAME = "instance.name"
    INSTANCE_VIEW_MODEL_NAME = "instance.viewModelName"
    INSTANCE_VALUE = "instance.value"
    INSTANCE_SET_VALUE = "instance.setValue"
    INSTANCE_VALUE_STREAM = "instance.valueStream"
    INSTANCE_FIRE = "instance.fire"
    INSTANCE_STREAM = "instance.stream"
    INSTANCE_NESTED_INSTANCE = "instance.nestedInstance"
    INSTANCE_SIZE = "instance.size"
    INSTANCE_LIST_ITEM = "instance.listItem"
    INSTANCE_APPEND_INSTANCE = "instance.appendInstance"
    INSTANCE_INSERT_INSTANCE = "instance.insertInstance"
    INSTANCE_REMOVE_INSTANCE_AT = "instance.removeInstanceAt"
    INSTANCE_REMOVE_INSTANCE = "instance.removeInstance"
    INSTANCE_SWAP_INSTANCE = "instance.swapInstance"
    # A view
    VIEW_TICK = "view.tick"
    VIEW_DRAW_DIGEST = "view.drawDigest"
    VIEW_RASTERIZE = "view.rasterize"
    VIEW_SEND = "view.send"
    # A stream
    STREAM_CANCEL = "stream.cancel"


class ProtocolError(Exception):
    """A request the server cannot serve: answered with a `protocol.*` error code."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


class RuntimeError_(Exception):
    """A RuntimeAPI error: its code, and the detail the client rebuilds the Swift error from."""

    def __init__(self, code, message, detail):
        super().__init__(message)
        self.code = code
        self.message = message
        self.detail = detail


def state_machine_names(artboard):
    """The authored state machines, or the empty one loading adds to an artboard without animations (SM-6)."""
    if not artboard["animations"] and not artboard["stateMachines"]:
        return ["Auto Generated State Machine"]
    return [machine["name"] for machine in artboard["stateMachines"]]


class ToyFile:
    """A loaded file, from its `rive-harness inspect --json` description."""

    def __init__(self, description):
        summary = description["summary"]
        self.artboards = summary["artboards"]
        self.view_models = summary["viewModels"]
        self.enums = summary["enums"]

    def default_instance_name(self, model):
        """The name of the instance `.viewModelDefault` copies: the first authored one, or "" (SRC-2)."""
        authored = [instance["name"] for instance in model["instances"] if not instance["isEmbedded"]]
        return authored[0] if authored else ""

    def view_model(self, name):
        for model in self.view_models:
            if model["name"] == name:
                return model
        raise RuntimeError_("file.invalid-view-model", "no such view model: " + name, name)


class ToyArtboard:
    def __init__(self, file, description):
        self.file = file
        self.description = description


class ToyStateMachine:
    """A state machine known by name only: the toy declares no capability that advances it."""

    def __init__(self, name):
        self.name = name


class ToyInstance:
    def __init__(self, name, view_model_name):
        self.name = name
        self.view_model_name = view_model_name


class Server:
    def __init__(self, descriptions):
        self.descriptions = descriptions
        self.objects = {}

    # Parameters and handles

    def param(self, request, key, kind):
        value = request.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ProtocolError("protocol.bad-params", "'%s' must be a %s" % (key, kind.__name__))
        return value

    def get(self, request, key, kind):
        handle = self.param(request, key, int)
        value = self.objects.get(handle)
        if not isinstance(value, kind):
            raise ProtocolError("protocol.unknown-handle", "'%s' names no %s" % (key, kind.__name__))
        return value

    def bind(self, request, value):
        handle = self.param(request, "handle", int)
        if handle in self.objects:
            raise ProtocolError("protocol.handle-in-use", "handle %d is already in use" % handle)
        self.objects[handle] = value

    # Operations

    def handshake(self, request):
        if request.get("protocolVersion") != PROTOCOL_VERSION:
            raise ProtocolError("protocol.unsupported-version", "this adapter speaks protocol version 1")
        return {
            "protocolVersion": PROTOCOL_VERSION,
            "adapterName": "python-toy",
            "adapterVersion": "1.0",
            "runtimeName": "toy-descriptions",
            "runtimeVersion": "1.0",
            "runtimeCommit": None,
            "capabilities": ["introspection"],
        }

    def load_file(self, request):
        self.param(request, "worker", int)
        if "bytes" in request:
            data = base64.b64decode(self.param(request, "bytes", str))
        elif "bytesFile" in request:
            path = self.param(request, "bytesFile", str)
            with open(path, "rb") as f:
                data = f.read()
            os.remove(path)
        else:
            raise RuntimeError_("file.missing-data", "the source gave no data: no bytes", "no bytes")
        digest = hashlib.sha256(data).hexdigest()
        path = os.path.join(self.descriptions, digest + ".json")
        if not os.path.exists(path):
            detail = "no description %s.json for these %d bytes" % (digest, len(data))
            raise RuntimeError_("file.invalid-file", "the file is invalid: " + detail, detail)
        with open(path) as f:
            self.bind(request, ToyFile(json.load(f)))
        return {}

    def create_artboard(self, request):
        file = self.get(request, "file", ToyFile)
        name = request.get("name")
        for artboard in file.artboards:
            if name is None or artboard["name"] == name:
                self.bind(request, ToyArtboard(file, artboard))
                return {"name": artboard["name"]}
        detail = name if name is not None else "the file has no artboard"
        raise RuntimeError_("file.invalid-artboard", "no such artboard: " + detail, detail)

    def properties(self, request):
        model = self.get(request, "file", ToyFile).view_model(self.param(request, "viewModel", str))
        result = []
        for prop in model["properties"]:
            meta = prop.get("enumName") or prop.get("viewModelName") or ""
            result.append({"type": prop["type"], "name": prop["name"], "metaData": meta})
        return {"properties": result}

    def default_info(self, request):
        file = self.get(request, "file", ToyFile)
        artboard = self.get(request, "artboard", ToyArtboard)
        if artboard.file is not file:
            raise RuntimeError_("artboard.invalid-artboard", "the artboard cannot answer", "the artboard was not created from this file")
        if "viewModel" not in artboard.description:
            detail = 'artboard "%s" has no view model' % artboard.description["name"]
            raise RuntimeError_("artboard.invalid-artboard", "the artboard cannot answer: " + detail, detail)
        model = file.view_model(artboard.description["viewModel"])
        return {"viewModelName": model["name"], "instanceName": file.default_instance_name(model)}

    def create_instance(self, request):
        file = self.get(request, "file", ToyFile)
        if "artboard" in request:
            artboard = self.get(request, "artboard", ToyArtboard)
            if "viewModel" not in artboard.description:
                detail = 'artboard "%s" has no view model' % artboard.description["name"]
                raise RuntimeError_("file.invalid-view-model-instance", "cannot create the view-model instance: " + detail, detail)
            model_name = artboard.description["viewModel"]
        else:
            model_name = self.param(request, "viewModel", str)
        try:
            model = file.view_model(model_name)
        except RuntimeError_ as error:
            raise RuntimeError_("file.invalid-view-model-instance", "cannot create the view-model instance: " + error.detail, error.detail)
        kind = self.param(request, "kind", str)
        if kind == "blank":
            name = ""
        elif kind == "viewModelDefault":
            name = file.default_instance_name(model)
        elif kind == "name":
            name = self.param(request, "instanceName", str)
            if name not in [instance["name"] for instance in model["instances"]]:
                detail = 'view model "%s" has no instance "%s"' % (model_name, name)
                raise RuntimeError_("file.invalid-view-model-instance", "cannot create the view-model instance: " + detail, detail)
        else:
            raise ProtocolError("protocol.bad-params", "unknown kind " + kind)
        self.bind(request, ToyInstance(name, model_name))
        return {}

    def create_state_machine(self, request):
        artboard = self.get(request, "artboard", ToyArtboard).description
        name = request.get("name")
        machines = state_machine_names(artboard)
        if not machines:
            detail = 'artboard "%s" has no state machines' % artboard["name"]
        elif name is None:
            chosen = artboard.get("defaultStateMachine", machines[0])
            self.bind(request, ToyStateMachine(chosen))
            return {"name": chosen}
        elif name in machines:
            self.bind(request, ToyStateMachine(name))
            return {"name": name}
        else:
            detail = 'artboard "%s" has no state machine named "%s"' % (artboard["name"], name)
        raise RuntimeError_("artboard.invalid-state-machine", "no such state machine: " + detail, detail)

    def perform(self, op, request):
        if op in (Op.PING, Op.SHUTDOWN):
            return {}
        if op == Op.RELEASE:
            self.objects.pop(self.param(request, "handle", int), None)
            return {}
        if op == Op.ADAPTER_MAKE_WORKER:
            self.bind(request, "worker")
            return {}
        if op == Op.WORKER_LOAD_FILE:
            return self.load_file(request)
        if op == Op.WORKER_FLUSH:
            return {}
        if op == Op.WORKER_TAKE_LOG:
            return {"entries": []}
        if op == Op.FILE_GET_ARTBOARD_NAMES:
            return {"names": [a["name"] for a in self.get(request, "file", ToyFile).artboards]}
        if op == Op.FILE_GET_VIEW_MODEL_NAMES:
            return {"names": [m["name"] for m in self.get(request, "file", ToyFile).view_models]}
        if op == Op.FILE_GET_GLOBAL_VIEW_MODEL_NAMES:
            return {"names": [m["name"] for m in self.get(request, "file", ToyFile).view_models if m.get("isGlobal")]}
        if op == Op.FILE_GET_INSTANCE_NAMES:
            model = self.get(request, "file", ToyFile).view_model(self.param(request, "viewModel", str))
            return {"names": [instance["name"] for instance in model["instances"]]}
        if op == Op.FILE_GET_PROPERTIES:
            return self.properties(request)
        if op == Op.FILE_GET_VIEW_MODEL_ENUMS:
            enums = self.get(request, "file", ToyFile).enums
            return {"enums": [{"name": e["name"], "values": [v["key"] for v in e["values"]]} for e in enums]}
        if op == Op.FILE_CREATE_ARTBOARD:
            return self.create_artboard(request)
        if op == Op.FILE_GET_DEFAULT_VIEW_MODEL_INFO:
            return self.default_info(request)
        if op == Op.FILE_CREATE_VIEW_MODEL_INSTANCE:
            return self.create_instance(request)
        if op == Op.ARTBOARD_GET_STATE_MACHINE_NAMES:
            return {"names": state_machine_names(self.get(request, "artboard", ToyArtboard).description)}
        if op == Op.ARTBOARD_CREATE_STATE_MACHINE:
            return self.create_state_machine(request)
        if op == Op.STATE_MACHINE_ADVANCE:
            self.get(request, "stateMachine", ToyStateMachine)
            if not isinstance(request.get("seconds"), (int, float)) or isinstance(request.get("seconds"), bool):
                raise ProtocolError("protocol.bad-params", "'seconds' must be a number")
            return {}  # a toy state machine never moves: nothing is bound and nothing draws
        if op == Op.INSTANCE_NAME:
            return {"name": self.get(request, "instance", ToyInstance).name}
        if op == Op.INSTANCE_VIEW_MODEL_NAME:
            return {"name": self.get(request, "instance", ToyInstance).view_model_name}
        raise ProtocolError("protocol.unknown-op", "this toy adapter does not serve '%s' (it declares introspection only)" % op)

    def answer(self, request):
        op = request["op"]
        try:
            if op == Op.HANDSHAKE:
                return {"result": self.handshake(request)}
            return {"result": self.perform(op, request)}
        except ProtocolError as error:
            return {"error": {"code": error.code, "message": error.message}}
        except RuntimeError_ as error:
            return {"error": {"code": error.code, "message": error.message, "detail": error.detail}}


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: toy_adapter.py DESCRIPTIONS\n")
        return 2
    server = Server(sys.argv[1])
    out = sys.stdout
    while True:
        line = sys.stdin.readline()
        if not line:
            return 0
        try:
            request = json.loads(line)
            request_id, op = request["id"], request["op"]
        except (ValueError, KeyError, TypeError):
            sys.stderr.write("toy adapter: not a request: %r\n" % line[:160])
            return 1
        response = {"id": request_id}
        response.update(server.answer(request))
        out.write(json.dumps(response, separators=(",", ":")) + "\n")
        out.flush()
        if op == Op.SHUTDOWN:
            return 0


if __name__ == "__main__":
    sys.exit(main())
