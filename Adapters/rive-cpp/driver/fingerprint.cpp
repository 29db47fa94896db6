// Fingerprints of the view-model values a data context reaches (fingerprint.hpp).
#include "fingerprint.hpp"
#include "runtime_features.hpp"

#include "rive/data_bind/data_context.hpp"
#include "rive/viewmodel/viewmodel_instance.hpp"
#include "rive/viewmodel/viewmodel_instance_artboard.hpp"
#include "rive/viewmodel/viewmodel_instance_asset.hpp"
#if RIVE_HARNESS_HAS_VIEW_MODEL_BLOBS
#include "rive/viewmodel/viewmodel_instance_asset_blob.hpp"
#endif
#include "rive/viewmodel/viewmodel_instance_asset_image.hpp"
#include "rive/viewmodel/viewmodel_instance_boolean.hpp"
#include "rive/viewmodel/viewmodel_instance_color.hpp"
#include "rive/viewmodel/viewmodel_instance_enum.hpp"
#include "rive/viewmodel/viewmodel_instance_list.hpp"
#include "rive/viewmodel/viewmodel_instance_list_item.hpp"
#include "rive/viewmodel/viewmodel_instance_number.hpp"
#include "rive/viewmodel/viewmodel_instance_string.hpp"
#include "rive/viewmodel/viewmodel_instance_trigger.hpp"
#include "rive/viewmodel/viewmodel_instance_viewmodel.hpp"

#include <cstddef>
#include <set>

namespace harness
{
namespace
{

/// FNV-1a 64 over the values reachable from view-model instances.
struct Fingerprint
{
    uint64_t hash = 0xcbf29ce484222325ULL;
    void add(const void* bytes, size_t count)
    {
        const unsigned char* p = static_cast<const unsigned char*>(bytes);
        for (size_t i = 0; i < count; ++i)
        {
            hash ^= p[i];
            hash *= 0x100000001b3ULL;
        }
    }
    template <typename T> void add(const T& value) { add(&value, sizeof value); }
};

/// Adds every value reachable from an instance: scalars, nested instances (by identity and
/// contents) and list items; `visited` stops cycles.
void fingerprintInstance(rive::ViewModelInstance* instance, Fingerprint& out, std::set<const void*>& visited)
{
    out.add(static_cast<const void*>(instance));
    if (instance == nullptr || !visited.insert(instance).second)
        return;
    for (const auto& held : instance->propertyValues())
    {
        rive::ViewModelInstanceValue* value = held.get();
        out.add(value->coreType());
        if (value->is<rive::ViewModelInstanceNumber>())
            out.add(value->as<rive::ViewModelInstanceNumber>()->propertyValue());
        else if (value->is<rive::ViewModelInstanceString>())
        {
            const std::string& text = value->as<rive::ViewModelInstanceString>()->propertyValue();
            out.add(text.size());
            out.add(text.data(), text.size());
        }
        else if (value->is<rive::ViewModelInstanceBoolean>())
            out.add(value->as<rive::ViewModelInstanceBoolean>()->propertyValue());
        else if (value->is<rive::ViewModelInstanceColor>())
            out.add(value->as<rive::ViewModelInstanceColor>()->propertyValue());
        else if (value->is<rive::ViewModelInstanceEnum>())
            out.add(value->as<rive::ViewModelInstanceEnum>()->propertyValue());
        else if (value->is<rive::ViewModelInstanceTrigger>())
            out.add(value->as<rive::ViewModelInstanceTrigger>()->propertyValue());
        else if (value->is<rive::ViewModelInstanceArtboard>())
        {
            auto artboard = value->as<rive::ViewModelInstanceArtboard>();
            out.add(artboard->propertyValue());
            out.add(static_cast<const void*>(artboard->asset().get()));
        }
        else if (value->is<rive::ViewModelInstanceAssetImage>())
        {
            auto image = value->as<rive::ViewModelInstanceAssetImage>();
            out.add(image->propertyValue());
            auto asset = image->asset();
            out.add(static_cast<const void*>(asset ? asset->renderImage() : nullptr));
        }
#if RIVE_HARNESS_HAS_VIEW_MODEL_BLOBS
        else if (value->is<rive::ViewModelInstanceAssetBlob>())
        {
            auto blob = value->as<rive::ViewModelInstanceAssetBlob>();
            out.add(blob->propertyValue());
            out.add(static_cast<const void*>(blob->asset().get()));
        }
#endif
        else if (value->is<rive::ViewModelInstanceAsset>())
            out.add(value->as<rive::ViewModelInstanceAsset>()->propertyValue());
        else if (value->is<rive::ViewModelInstanceViewModel>())
            fingerprintInstance(value->as<rive::ViewModelInstanceViewModel>()->referenceViewModelInstance().get(),
                                out, visited);
        else if (value->is<rive::ViewModelInstanceList>())
        {
            auto items = value->as<rive::ViewModelInstanceList>()->listItems();
            out.add(items.size());
            for (const auto& item : items)
                fingerprintInstance(item->viewModelInstance().get(), out, visited);
        }
    }
}

} // namespace

/// The fingerprint of everything a state machine's data context reaches (main and globals).
uint64_t contextFingerprint(rive::StateMachineInstance* machine)
{
    Fingerprint out;
    std::set<const void*> visited;
    if (auto context = machine->dataContext())
        for (const auto& instance : context->viewModelInstances())
            fingerprintInstance(instance.get(), out, visited);
    return out.hash;
}

} // namespace harness
