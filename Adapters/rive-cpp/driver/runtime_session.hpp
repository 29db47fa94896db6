// One worker of the rive-cpp driver: a rive::CommandQueue and the rive::CommandServer that
// executes it, run on the driver's single thread. Every queue call carries a fresh request
// id; pump() runs the server over everything queued and then delivers the queue's messages
// to the listener below, which files each answer (or error) under its request id, turns
// subscription messages into stream events and settled messages into settled events.
#pragma once

#include "harness_render.hpp"

#include "rive/command_queue.hpp"
#include "rive/command_server.hpp"
#include "runtime_features.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace harness
{

/// What the server answered to one request.
struct Reply
{
    /// Set when the server reported an error for the request.
    std::optional<std::string> error;
    /// The error's object kind: file, artboard, stateMachine, viewModelInstance, asset.
    std::string errorTag;
    std::vector<std::string> names;
    std::vector<rive::CommandQueue::FileListener::ViewModelPropertyData> properties;
    std::vector<rive::ViewModelEnum> enums;
    std::string text1, text2;
    bool hasData = false;
    rive::CommandQueue::ViewModelInstanceData data;
    size_t size = 0;
    bool settled = false;
    bool confirmed = false;
};

/// A log entry as the protocol's worker.takeLog answers it.
struct LogEntry
{
    std::string level, tag, code, message;
};

/// Receives stream events while messages are delivered.
class StreamSink
{
public:
    virtual ~StreamSink() = default;
    /// A subscription (its request id) delivered a value message.
    virtual void onSubscriptionData(uint64_t subscriptionRequest,
                                    const rive::CommandQueue::ViewModelInstanceData& data) = 0;
    /// A subscription request failed.
    virtual void onSubscriptionError(uint64_t subscriptionRequest, const std::string& message) = 0;
    /// A state machine settled.
    virtual void onSettled(rive::StateMachineHandle handle) = 0;
};

/// The queue, the server, the factory and the answers of one worker.
class RuntimeSession : public rive::CommandQueue::FileListener,
                       public rive::CommandQueue::ArtboardListener,
                       public rive::CommandQueue::ViewModelInstanceListener,
                       public rive::CommandQueue::StateMachineListener,
                       public rive::CommandQueue::RenderImageListener,
                       public rive::CommandQueue::FontListener
#if RIVE_HARNESS_HAS_COMMAND_QUEUE_BLOBS
    ,
                       public rive::CommandQueue::BlobAssetListener
#endif
{
public:
    explicit RuntimeSession(StreamSink* sink);
    ~RuntimeSession();

    rive::CommandQueue* queue() { return m_queue.get(); }
    rive::CommandServer* server() { return m_server.get(); }
    HarnessFactory* factory() { return &m_factory; }

    /// A fresh request id.
    uint64_t nextRequest() { return ++m_lastRequest; }
    /// Runs the server over the queued commands and delivers their messages.
    void pump();
    /// The answer filed under a request id (empty Reply when nothing came), removed.
    Reply take(uint64_t requestId);
    /// Marks a request id as a subscription, so its data messages become stream events.
    void markSubscription(uint64_t requestId) { m_subscriptions[requestId] = true; }
    /// Ends a subscription mark.
    void unmarkSubscription(uint64_t requestId) { m_subscriptions.erase(requestId); }
    /// Marks a request id whose errors go to the log (a queued mutator).
    void markLogged(uint64_t requestId) { m_logged[requestId] = true; }
    /// Log entries so far, emptied.
    std::vector<LogEntry> takeLog();
    /// Adds a log entry of the driver's own.
    void log(const std::string& tag, const std::string& code, const std::string& message);

    // Listener callbacks (see rive/command_queue.hpp).
    void onFileError(const rive::FileHandle, uint64_t requestId, std::string error) override;
    void onFileLoaded(const rive::FileHandle, uint64_t requestId) override;
    void onArtboardInstantiated(const rive::FileHandle, uint64_t requestId, rive::ArtboardHandle) override;
    void onViewModelInstanceInstantiated(const rive::FileHandle,
                                         uint64_t requestId,
                                         rive::ViewModelInstanceHandle) override;
    void onArtboardsListed(const rive::FileHandle, uint64_t requestId, std::vector<std::string> names) override;
    void onViewModelsListed(const rive::FileHandle, uint64_t requestId, std::vector<std::string> names) override;
    void onGlobalViewModelNamesListed(const rive::FileHandle,
                                      uint64_t requestId,
                                      std::vector<std::string> names) override;
    void onViewModelInstanceNamesListed(const rive::FileHandle,
                                        uint64_t requestId,
                                        std::string viewModelName,
                                        std::vector<std::string> names) override;
    void onViewModelPropertiesListed(const rive::FileHandle,
                                     uint64_t requestId,
                                     std::string viewModelName,
                                     std::vector<ViewModelPropertyData> properties) override;
    void onViewModelEnumsListed(const rive::FileHandle,
                                uint64_t requestId,
                                std::vector<rive::ViewModelEnum> enums) override;
    void onArtboardError(const rive::ArtboardHandle, uint64_t requestId, std::string error) override;
    void onDefaultViewModelInfoReceived(const rive::ArtboardHandle,
                                        uint64_t requestId,
                                        std::string viewModelName,
                                        std::string instanceName) override;
    void onStateMachineInstantiated(const rive::ArtboardHandle,
                                    uint64_t requestId,
                                    rive::StateMachineHandle) override;
    void onStateMachinesListed(const rive::ArtboardHandle,
                               uint64_t requestId,
                               std::vector<std::string> names) override;
    void onViewModelInstanceError(const rive::ViewModelInstanceHandle,
                                  uint64_t requestId,
                                  std::string error) override;
    void onViewModelInstanceViewModelNameReceived(const rive::ViewModelInstanceHandle,
                                                  uint64_t requestId,
                                                  std::string name) override;
    void onViewModelInstanceNameReceived(const rive::ViewModelInstanceHandle,
                                         uint64_t requestId,
                                         std::string name) override;
    void onViewModelDataReceived(const rive::ViewModelInstanceHandle,
                                 uint64_t requestId,
                                 rive::CommandQueue::ViewModelInstanceData data) override;
    void onViewModelListSizeReceived(const rive::ViewModelInstanceHandle,
                                     uint64_t requestId,
                                     std::string path,
                                     size_t size) override;
    void onStateMachineError(const rive::StateMachineHandle, uint64_t requestId, std::string error) override;
    void onStateMachineSettled(const rive::StateMachineHandle, uint64_t requestId) override;
    void onRenderImageDecoded(const rive::RenderImageHandle, uint64_t requestId) override;
    void onRenderImageError(const rive::RenderImageHandle, uint64_t requestId, std::string error) override;
    void onFontDecoded(const rive::FontHandle, uint64_t requestId) override;
    void onFontError(const rive::FontHandle, uint64_t requestId, std::string error) override;
#if RIVE_HARNESS_HAS_COMMAND_QUEUE_BLOBS
    void onBlobAssetDecoded(const rive::BlobAssetHandle, uint64_t requestId) override;
    void onBlobAssetError(const rive::BlobAssetHandle, uint64_t requestId, std::string error) override;
#endif

private:
    void fileError(uint64_t requestId, const std::string& tag, const std::string& message);

    HarnessFactory m_factory;
    rive::rcp<rive::CommandQueue> m_queue;
    std::unique_ptr<rive::CommandServer> m_server;
    StreamSink* m_sink;
    uint64_t m_lastRequest = 0;
    std::map<uint64_t, Reply> m_replies;
    std::map<uint64_t, bool> m_subscriptions;
    std::map<uint64_t, bool> m_logged;
    std::vector<LogEntry> m_log;
};

} // namespace harness
