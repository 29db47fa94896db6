// Object-API playback of a .riv file (see playback.hpp).
#include "playback.hpp"

#include <fstream>
#include <iterator>

namespace harness
{

std::vector<uint8_t> readFileBytes(const std::string& path, std::string* error)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
    {
        if (error)
            *error = "cannot read " + path;
        return {};
    }
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::unique_ptr<Playback> Playback::load(const std::vector<uint8_t>& bytes,
                                         rive::Factory* factory,
                                         const std::string& artboardName,
                                         const std::string& stateMachineName,
                                         std::string* error)
{
    auto fail = [error](const std::string& message) -> std::unique_ptr<Playback> {
        if (error)
            *error = message;
        return nullptr;
    };
    if (bytes.empty())
        return fail("no bytes to import");
    rive::ImportResult result;
    auto playback = std::unique_ptr<Playback>(new Playback());
    playback->m_file = rive::File::import(rive::Span<const uint8_t>(bytes.data(), bytes.size()), factory, &result);
    if (playback->m_file == nullptr)
        return fail("File::import failed (ImportResult " + std::to_string(int(result)) + ")");
    playback->m_artboard =
        artboardName.empty() ? playback->m_file->artboardDefault() : playback->m_file->artboardNamed(artboardName);
    if (playback->m_artboard == nullptr)
        return fail(artboardName.empty() ? "the file has no artboard" : "no artboard named '" + artboardName + "'");
    if (!stateMachineName.empty())
    {
        playback->m_stateMachine = playback->m_artboard->stateMachineNamed(stateMachineName);
        if (playback->m_stateMachine == nullptr)
            return fail("no state machine named '" + stateMachineName + "'");
    }
    else
    {
        playback->m_stateMachine = playback->m_artboard->defaultStateMachine();
        if (playback->m_stateMachine == nullptr && playback->m_artboard->stateMachineCount() > 0)
            playback->m_stateMachine = playback->m_artboard->stateMachineAt(0);
    }
    playback->m_instance = playback->m_file->createViewModelInstance(playback->m_artboard.get());
    if (playback->m_instance != nullptr)
    {
        if (playback->m_stateMachine)
            playback->m_stateMachine->bindViewModelInstance(playback->m_instance);
        else
            playback->m_artboard->bindViewModelInstance(playback->m_instance);
    }
    return playback;
}

bool Playback::advance(float seconds)
{
    if (m_stateMachine)
        return m_stateMachine->advanceAndApply(seconds);
    return m_artboard->advance(seconds);
}

void Playback::draw(rive::Renderer* renderer) { m_artboard->draw(renderer); }

} // namespace harness
