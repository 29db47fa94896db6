// Loading and playing a .riv file with the Rive C++ runtime's object API, for programs
// that need no adapter protocol (the benchmark program): File::import with our
// HarnessFactory, an artboard, its state machine bound to the default view-model
// instance (what `binding: auto` does), advanceAndApply, and drawing into any
// rive::Renderer (RecordingRenderer, CairoRenderer).
//
// Use:
//   harness::HarnessFactory factory;
//   std::string error;
//   auto playback = harness::Playback::load(harness::readFileBytes(path, &error), &factory,
//                                           "", "", &error);   // default artboard / machine
//   if (!playback) { report error; }
//   playback->advance(1.0f / 60);
//   playback->draw(&recorder);
//
// rive::File::deterministicMode should be set once before loading (the programs do it in main).
#pragma once

#include "harness_render.hpp"

#include "rive/animation/state_machine_instance.hpp"
#include "rive/artboard.hpp"
#include "rive/file.hpp"
#include "rive/viewmodel/viewmodel_instance.hpp"

#include <memory>
#include <string>
#include <vector>

namespace harness
{

/// The bytes of a file; empty with `*error` set when it cannot be read.
std::vector<uint8_t> readFileBytes(const std::string& path, std::string* error);

/// A loaded file with one artboard and one state machine.
class Playback
{
public:
    /// Imports `bytes` and instantiates an artboard (empty name: the default one) and a
    /// state machine (empty name: the default one, else the first; none is allowed),
    /// binding the artboard's default view-model instance when it has a view model.
    /// Returns nullptr with `*error` set when the file does not import or a name is unknown.
    static std::unique_ptr<Playback> load(const std::vector<uint8_t>& bytes,
                                          rive::Factory* factory,
                                          const std::string& artboardName,
                                          const std::string& stateMachineName,
                                          std::string* error);

    /// Advances the state machine (or, without one, the artboard) by `seconds`; returns
    /// whether it wants more frames.
    bool advance(float seconds);
    /// Draws the artboard's current state.
    void draw(rive::Renderer* renderer);

    rive::File* file() const { return m_file.get(); }
    rive::ArtboardInstance* artboard() const { return m_artboard.get(); }
    /// The state machine, or nullptr when the artboard has none.
    rive::StateMachineInstance* stateMachine() const { return m_stateMachine.get(); }
    /// The bound view-model instance, or nullptr.
    rive::ViewModelInstance* viewModelInstance() const { return m_instance.get(); }

private:
    rive::rcp<rive::File> m_file;
    std::unique_ptr<rive::ArtboardInstance> m_artboard;
    std::unique_ptr<rive::StateMachineInstance> m_stateMachine;
    rive::rcp<rive::ViewModelInstance> m_instance;
};

} // namespace harness
