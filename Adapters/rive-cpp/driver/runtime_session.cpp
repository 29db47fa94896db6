// One worker's queue, server and answers (see runtime_session.hpp).
#include "runtime_session.hpp"

#include "rive/animation/state_machine_instance.hpp"
#include "rive/artboard.hpp"
#include "rive/file.hpp"

namespace harness
{

RuntimeSession::RuntimeSession(StreamSink* sink) :
    m_queue(rive::make_rcp<rive::CommandQueue>()), m_sink(sink)
{
    m_server = std::make_unique<rive::CommandServer>(m_queue, &m_factory);
    m_queue->setGlobalFileListener(this);
    m_queue->setGlobalArtboardListener(this);
    m_queue->setGlobalViewModelInstanceListener(this);
    m_queue->setGlobalStateMachineListener(this);
    m_queue->setGlobalRenderImageListener(this);
    m_queue->setGlobalFontListener(this);
#if RIVE_HARNESS_HAS_COMMAND_QUEUE_BLOBS
    m_queue->setGlobalBlobAssetListener(this);
#endif
}

RuntimeSession::~RuntimeSession()
{
    m_queue->setGlobalFileListener(nullptr);
    m_queue->setGlobalArtboardListener(nullptr);
    m_queue->setGlobalViewModelInstanceListener(nullptr);
    m_queue->setGlobalStateMachineListener(nullptr);
    m_queue->setGlobalRenderImageListener(nullptr);
    m_queue->setGlobalFontListener(nullptr);
#if RIVE_HARNESS_HAS_COMMAND_QUEUE_BLOBS
    m_queue->setGlobalBlobAssetListener(nullptr);
#endif
    m_server.reset();
}

void RuntimeSession::pump()
{
    m_server->processCommands();
    m_queue->processMessages();
}

Reply RuntimeSession::take(uint64_t requestId)
{
    auto found = m_replies.find(requestId);
    if (found == m_replies.end())
        return Reply();
    Reply reply = std::move(found->second);
    m_replies.erase(found);
    m_logged.erase(requestId);
    return reply;
}

std::vector<LogEntry> RuntimeSession::takeLog()
{
    std::vector<LogEntry> entries;
    entries.swap(m_log);
    return entries;
}

void RuntimeSession::log(const std::string& tag, const std::string& code, const std::string& message)
{
    m_log.push_back(LogEntry{"error", tag, code, message});
}

void RuntimeSession::fileError(uint64_t requestId, const std::string& tag, const std::string& message)
{
    if (m_subscriptions.count(requestId) != 0)
    {
        m_sink->onSubscriptionError(requestId, message);
        return;
    }
    if (m_logged.count(requestId) != 0)
    {
        std::string code = tag == "file"               ? "file.error"
                           : tag == "artboard"         ? "artboard.error"
                           : tag == "stateMachine"     ? "state-machine.error"
                           : tag == "viewModelInstance" ? "view-model-instance.error"
                                                        : "asset.error";
        log(tag, code, message);
        m_logged.erase(requestId);
        return;
    }
    Reply& reply = m_replies[requestId];
    reply.error = message;
    reply.errorTag = tag;
}

void RuntimeSession::onFileError(const rive::FileHandle, uint64_t requestId, std::string error)
{
    fileError(requestId, "file", error);
}
void RuntimeSession::onFileLoaded(const rive::FileHandle, uint64_t requestId)
{
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onArtboardInstantiated(const rive::FileHandle, uint64_t requestId, rive::ArtboardHandle)
{
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onViewModelInstanceInstantiated(const rive::FileHandle,
                                                     uint64_t requestId,
                                                     rive::ViewModelInstanceHandle)
{
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onArtboardsListed(const rive::FileHandle, uint64_t requestId, std::vector<std::string> names)
{
    m_replies[requestId].names = std::move(names);
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onViewModelsListed(const rive::FileHandle, uint64_t requestId, std::vector<std::string> names)
{
    m_replies[requestId].names = std::move(names);
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onGlobalViewModelNamesListed(const rive::FileHandle,
                                                  uint64_t requestId,
                                                  std::vector<std::string> names)
{
    m_replies[requestId].names = std::move(names);
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onViewModelInstanceNamesListed(const rive::FileHandle,
                                                    uint64_t requestId,
                                                    std::string,
                                                    std::vector<std::string> names)
{
    m_replies[requestId].names = std::move(names);
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onViewModelPropertiesListed(const rive::FileHandle,
                                                 uint64_t requestId,
                                                 std::string,
                                                 std::vector<ViewModelPropertyData> properties)
{
    m_replies[requestId].properties = std::move(properties);
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onViewModelEnumsListed(const rive::FileHandle,
                                            uint64_t requestId,
                                            std::vector<rive::ViewModelEnum> enums)
{
    m_replies[requestId].enums = std::move(enums);
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onArtboardError(const rive::ArtboardHandle, uint64_t requestId, std::string error)
{
    fileError(requestId, "artboard", error);
}
void RuntimeSession::onDefaultViewModelInfoReceived(const rive::ArtboardHandle,
                                                    uint64_t requestId,
                                                    std::string viewModelName,
                                                    std::string instanceName)
{
    m_replies[requestId].text1 = std::move(viewModelName);
    m_replies[requestId].text2 = std::move(instanceName);
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onStateMachineInstantiated(const rive::ArtboardHandle,
                                                uint64_t requestId,
                                                rive::StateMachineHandle)
{
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onStateMachinesListed(const rive::ArtboardHandle,
                                           uint64_t requestId,
                                           std::vector<std::string> names)
{
    m_replies[requestId].names = std::move(names);
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onViewModelInstanceError(const rive::ViewModelInstanceHandle,
                                              uint64_t requestId,
                                              std::string error)
{
    fileError(requestId, "viewModelInstance", error);
}
void RuntimeSession::onViewModelInstanceViewModelNameReceived(const rive::ViewModelInstanceHandle,
                                                              uint64_t requestId,
                                                              std::string name)
{
    m_replies[requestId].text1 = std::move(name);
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onViewModelInstanceNameReceived(const rive::ViewModelInstanceHandle,
                                                     uint64_t requestId,
                                                     std::string name)
{
    m_replies[requestId].text1 = std::move(name);
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onViewModelDataReceived(const rive::ViewModelInstanceHandle,
                                             uint64_t requestId,
                                             rive::CommandQueue::ViewModelInstanceData data)
{
    if (m_subscriptions.count(requestId) != 0)
    {
        m_sink->onSubscriptionData(requestId, data);
        return;
    }
    Reply& reply = m_replies[requestId];
    reply.hasData = true;
    reply.data = std::move(data);
    reply.confirmed = true;
}
void RuntimeSession::onViewModelListSizeReceived(const rive::ViewModelInstanceHandle,
                                                 uint64_t requestId,
                                                 std::string,
                                                 size_t size)
{
    m_replies[requestId].size = size;
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onStateMachineError(const rive::StateMachineHandle, uint64_t requestId, std::string error)
{
    fileError(requestId, "stateMachine", error);
}
void RuntimeSession::onStateMachineSettled(const rive::StateMachineHandle handle, uint64_t requestId)
{
    m_replies[requestId].settled = true;
    m_sink->onSettled(handle);
}
void RuntimeSession::onRenderImageDecoded(const rive::RenderImageHandle, uint64_t requestId)
{
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onRenderImageError(const rive::RenderImageHandle, uint64_t requestId, std::string error)
{
    fileError(requestId, "asset", error);
}
void RuntimeSession::onFontDecoded(const rive::FontHandle, uint64_t requestId)
{
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onFontError(const rive::FontHandle, uint64_t requestId, std::string error)
{
    fileError(requestId, "asset", error);
}
#if RIVE_HARNESS_HAS_COMMAND_QUEUE_BLOBS
void RuntimeSession::onBlobAssetDecoded(const rive::BlobAssetHandle, uint64_t requestId)
{
    m_replies[requestId].confirmed = true;
}
void RuntimeSession::onBlobAssetError(const rive::BlobAssetHandle, uint64_t requestId, std::string error)
{
    fileError(requestId, "asset", error);
}
#endif

} // namespace harness
