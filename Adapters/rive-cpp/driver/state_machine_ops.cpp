// The rive-cpp driver's state-machine operations: advancing, binding instances, inputs,
// pointer events and settled streams.
#include "driver.hpp"
#include "operations.hpp"

namespace harness
{

void Driver::wakeViews(WorkerState& worker, rive::StateMachineHandle stateMachine)
{
    for (auto& [id, view] : worker.views)
        if (view->stateMachine == stateMachine)
            view->woken = true;
}

Json Driver::stateMachineOp(const std::string& op, const Json& request)
{
    Entry& smEntry = entry(request, "stateMachine", Entry::Kind::stateMachine);
    std::shared_ptr<WorkerState> worker = smEntry.worker;
    RuntimeSession& session = worker->session;
    rive::CommandQueue* queue = session.queue();
    rive::StateMachineHandle stateMachine = rive::StateMachineHandle(smEntry.runtimeHandle);
    uint64_t id = session.nextRequest();
    if (smEntry.animation)
    {
        // An animation scene: it advances; it has no inputs, binds or settled stream of a machine.
        if (op != ops::stateMachineAdvance)
            throw RequestError("protocol.unknown-op", "'" + op + "' is not available on an animation scene", op);
        pump(*worker);
        smEntry.animation->advanceAndApply(readFloat(request, "seconds"));
        return Json::object();
    }
    if (op == ops::stateMachineAdvance)
    {
        queue->advanceStateMachine(stateMachine, readFloat(request, "seconds"), id);
        queued(*worker, id);
        return Json::object();
    }
    if (op == ops::stateMachineBindViewModelInstance)
    {
        Entry& instance = entry(request, "instance", Entry::Kind::instance);
        if (instance.worker != worker)
        {
            session.log("stateMachine", "state-machine.other-worker",
                        "the instance belongs to another worker");
            return Json::object();
        }
        queue->bindViewModelInstance(stateMachine, rive::ViewModelInstanceHandle(instance.runtimeHandle), id);
        queued(*worker, id);
        return Json::object();
    }
    if (op == ops::stateMachineBindViewModelInstances)
        return bindViewModelInstances(*worker, smEntry, request, id);
    if (op == ops::stateMachineSettledStream)
    {
        int64_t streamHandle = newHandle(request, "stream");
        auto stream = std::make_unique<StreamState>();
        stream->kind = StreamState::Kind::settled;
        stream->worker = worker;
        stream->stateMachine = stateMachine;
        m_streams[streamHandle] = std::move(stream);
        return Json::object();
    }
    if (op == ops::stateMachineSetInput || op == ops::stateMachineTriggerInput)
    {
        std::string name = readString(request, "name");
        bool isTrigger = op == ops::stateMachineTriggerInput;
        Json value = isTrigger ? Json(nullptr) : request.at("value");
        if (!isTrigger && !value.is_number() && !value.is_boolean())
            throw badParams("'value' must be a number or a boolean");
        RuntimeSession* target = &session;
        // Inputs are not part of the command queue: run on the server's object.
        queue->runOnce([target, stateMachine, name, value, isTrigger](rive::CommandServer* server) {
            rive::StateMachineInstance* machine = server->getStateMachineInstance(stateMachine);
            if (machine == nullptr)
            {
                target->log("stateMachine", "state-machine.error", "the state machine is gone");
                return;
            }
            if (isTrigger)
            {
                if (auto trigger = machine->getTrigger(name))
                    trigger->fire();
                else
                    target->log("stateMachine", "state-machine.unknown-input", "no trigger input named '" + name + "'");
            }
            else if (value.is_boolean())
            {
                if (auto input = machine->getBool(name))
                    input->value(value.get<bool>());
                else
                    target->log("stateMachine", "state-machine.unknown-input", "no boolean input named '" + name + "'");
            }
            else if (auto input = machine->getNumber(name))
                input->value(static_cast<float>(value.get<double>()));
            else
                target->log("stateMachine", "state-machine.unknown-input", "no number input named '" + name + "'");
        });
        pump(*worker);
        wakeViews(*worker, stateMachine);
        return Json::object();
    }
    throw RequestError("protocol.unknown-op", "unknown op '" + op + "'", op);
}

Json Driver::bindViewModelInstances(WorkerState& worker, Entry& smEntry, const Json& request, uint64_t id)
{
    RuntimeSession& session = worker.session;
    rive::CommandQueue* queue = session.queue();
    rive::StateMachineHandle stateMachine = rive::StateMachineHandle(smEntry.runtimeHandle);
    const Json& globals = request.at("globals");
    if (!globals.is_array())
        throw badParams("'globals' must be a list");
    // The file's global view-model names, from the queue, to check every name first.
    queue->requestGlobalViewModelNames(smEntry.file, id);
    std::vector<std::string> globalNames = await(worker, id, "state-machine.error", "").names;
    std::set<std::string> seen;
    std::vector<std::pair<std::string, rive::ViewModelInstanceHandle>> bindings;
    for (const Json& global : globals)
    {
        std::string name = readString(global, "name");
        int64_t handle = readInt(global, "instance");
        auto found = m_entries.find(handle);
        if (found == m_entries.end() || found->second.kind != Entry::Kind::instance)
            throw RequestError("protocol.unknown-handle", "no instance for handle " + std::to_string(handle),
                               std::to_string(handle));
        if (std::find(globalNames.begin(), globalNames.end(), name) == globalNames.end())
            throw RequestError("state-machine.invalid-global-view-model-name",
                               "\"" + name + "\" is not the name of a global view model in this file", name);
        if (!seen.insert(name).second)
            throw RequestError("state-machine.duplicate-global-view-model-instance",
                               "the global view model \"" + name + "\" is bound twice in one call", name);
        bindings.emplace_back(name, rive::ViewModelInstanceHandle(found->second.runtimeHandle));
    }
    if (!isNull(request, "main"))
    {
        Entry& main = entry(request, "main", Entry::Kind::instance);
        uint64_t mainId = session.nextRequest();
        queue->setViewModelInstance(stateMachine, rive::ViewModelInstanceHandle(main.runtimeHandle), mainId);
        queued(worker, mainId);
    }
    for (const auto& [name, instance] : bindings)
    {
        uint64_t globalId = session.nextRequest();
        queue->setGlobalViewModelInstance(stateMachine, name, instance, globalId);
        pump(worker);
        Reply reply = session.take(globalId);
        if (reply.error)
            throw RequestError("state-machine.invalid-global-view-model-name", *reply.error, name);
    }
    uint64_t bindId = session.nextRequest();
    queue->bind(stateMachine, bindId);
    pump(worker);
    Reply reply = session.take(bindId);
    if (reply.error)
        throw RequestError("state-machine.error", *reply.error, *reply.error);
    return Json::object();
}

} // namespace harness
