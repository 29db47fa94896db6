// Which optional rive-runtime APIs the runtime commit being compiled against has, so that
// the driver also builds for older commits (rive-harness bisect builds ranges of them).
// Written for RiveHarness.
#pragma once

// View-model blob properties (ViewModelInstanceAssetBlob, DataType::assetBlob).
#if __has_include("rive/viewmodel/viewmodel_instance_asset_blob.hpp")
#define RIVE_HARNESS_HAS_VIEW_MODEL_BLOBS 1
#else
#define RIVE_HARNESS_HAS_VIEW_MODEL_BLOBS 0
#endif

// Blob assets on the command queue (BlobAssetHandle, decodeBlob, setViewModelInstanceBlob).
// They live in command_queue.hpp, which every commit has, so no header tells them apart:
// scripts/build-rive-cpp passes -DRIVE_HARNESS_HAS_COMMAND_QUEUE_BLOBS=0 when that header
// does not declare BlobAssetHandle.
#ifndef RIVE_HARNESS_HAS_COMMAND_QUEUE_BLOBS
#define RIVE_HARNESS_HAS_COMMAND_QUEUE_BLOBS 1
#endif
