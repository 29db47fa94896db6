// The rive-cpp driver's artboard operations: state-machine and animation names, size,
// and creating state machines and animation scenes.
#include "driver.hpp"
#include "operations.hpp"

namespace harness
{

Json Driver::artboardOp(const std::string& op, const Json& request)
{
    Entry& artboardEntry = entry(request, "artboard", Entry::Kind::artboard);
    std::shared_ptr<WorkerState> worker = artboardEntry.worker;
    RuntimeSession& session = worker->session;
    rive::CommandQueue* queue = session.queue();
    rive::ArtboardHandle artboard = rive::ArtboardHandle(artboardEntry.runtimeHandle);
    uint64_t id = session.nextRequest();
    if (op == ops::artboardGetStateMachineNames)
    {
        queue->requestStateMachineNames(artboard, id);
        return namesResult(await(*worker, id, "artboard.invalid-artboard", "").names);
    }
    if (op == ops::artboardGetSize || op == ops::artboardGetAnimationNames)
    {
        // Read from the server's instance directly: the command queue has no request for
        // these, and the server runs on this thread between pumps.
        rive::ArtboardInstance* instance = session.server()->getArtboardInstance(artboard);
        if (instance == nullptr)
            throw RequestError("artboard.invalid-artboard", "the artboard no longer exists", "");
        if (op == ops::artboardGetSize)
            return Json{{"width", floatJson(instance->width())}, {"height", floatJson(instance->height())}};
        Json names = Json::array();
        for (size_t index = 0; index < instance->animationCount(); ++index)
            names.push_back(instance->animation(index)->name());
        return Json{{"names", names}};
    }
    if (op == ops::artboardCreateAnimationScene)
    {
        // The legacy play of a linear animation without a state machine, as
        // ArtboardInstance::defaultScene() plays an artboard that has none.
        int64_t handle = newHandle(request, "handle");
        std::string name = isNull(request, "name") ? std::string() : readString(request, "name");
        std::string binding = readString(request, "binding");
        if (binding != "auto" && binding != "none" && binding != "instance")
            throw badParams("unknown binding '" + binding + "'");
        pump(*worker);
        rive::ArtboardInstance* instance = session.server()->getArtboardInstance(artboard);
        if (instance == nullptr)
            throw RequestError("artboard.invalid-artboard", "the artboard no longer exists", "");
        std::unique_ptr<rive::LinearAnimationInstance> animation =
            isNull(request, "name") ? instance->animationAt(0) : instance->animationNamed(name);
        if (!animation)
            throw RequestError("artboard.invalid-state-machine",
                               isNull(request, "name") ? "the artboard has no linear animations"
                                                       : "the artboard has no linear animation named '" + name + "'",
                               name);
        if (binding == "instance")
        {
            Entry& bound = entry(request, "instance", Entry::Kind::instance);
            rive::ViewModelInstanceRuntime* runtime =
                session.server()->getViewModelInstance(rive::ViewModelInstanceHandle(bound.runtimeHandle));
            if (runtime != nullptr)
                instance->bindViewModelInstance(runtime->instance());
        }
        else if (binding == "auto")
        {
            rive::File* file = session.server()->getFile(artboardEntry.file);
            if (file != nullptr)
                if (auto viewModelInstance = file->createDefaultViewModelInstance(instance))
                    instance->bindViewModelInstance(viewModelInstance);
        }
        std::string animationName = animation->name();
        Entry created{Entry::Kind::stateMachine, worker};
        created.file = artboardEntry.file;
        created.artboard = artboard;
        created.animation = std::move(animation);
        m_entries[handle] = created;
        return Json{{"name", animationName}};
    }
    if (op == ops::artboardCreateStateMachine)
    {
        int64_t handle = newHandle(request, "handle");
        std::string name = isNull(request, "name") ? std::string() : readString(request, "name");
        std::string binding = readString(request, "binding");
        rive::ViewModelInstanceHandle bound = RIVE_NULL_HANDLE;
        if (binding == "instance")
        {
            Entry& instance = entry(request, "instance", Entry::Kind::instance);
            bound = rive::ViewModelInstanceHandle(instance.runtimeHandle);
        }
        else if (binding != "auto" && binding != "none")
            throw badParams("unknown binding '" + binding + "'");
        rive::StateMachineHandle stateMachine = isNull(request, "name")
                                                    ? queue->instantiateDefaultStateMachine(artboard, nullptr, id)
                                                    : queue->instantiateStateMachineNamed(artboard, name, nullptr, id);
        await(*worker, id, "artboard.invalid-state-machine", name);
        rive::StateMachineInstance* instance = session.server()->getStateMachineInstance(stateMachine);
        if (instance == nullptr)
            throw RequestError("artboard.invalid-state-machine", "no state machine was created", name);
        if (binding == "auto")
        {
            uint64_t bindId = session.nextRequest();
            queue->bind(stateMachine, bindId);
            queued(*worker, bindId);
        }
        else if (binding == "instance")
        {
            uint64_t bindId = session.nextRequest();
            queue->bindViewModelInstance(stateMachine, bound, bindId);
            queued(*worker, bindId);
        }
        Entry created{Entry::Kind::stateMachine, worker, uint64_t(stateMachine)};
        created.file = artboardEntry.file;
        created.artboard = artboard;
        m_entries[handle] = created;
        return Json{{"name", instance->name()}};
    }
    throw RequestError("protocol.unknown-op", "unknown op '" + op + "'", op);
}

} // namespace harness
