// RiveRuntime's semantics diff objects (Objective-C `RiveSemanticsDiff` and its parts) for
// Linux: plain data, as the header declares them. The Linux bridge never produces one
// (`drainSemanticsDiff` is not implemented), but the Swift layer's state machine passes them
// through its semantics stream, so the types must exist.

import Foundation

/// One node of the semantics tree, as a diff reports it.
public final class SemanticsDiffNode: NSObject {
    public let nodeID: UInt32
    public let role: SemanticRole
    public let label: String
    public let value: String
    public let hint: String
    public let stateFlags: SemanticState
    public let traitFlags: SemanticTrait
    public let headingLevel: UInt32
    public let minX: Float, minY: Float, maxX: Float, maxY: Float
    public let parentID: Int32
    public let siblingIndex: UInt32

    public init(id nodeID: UInt32, role: SemanticRole, label: String, value: String, hint: String,
         stateFlags: SemanticState, traitFlags: SemanticTrait, headingLevel: UInt32,
         minX: Float, minY: Float, maxX: Float, maxY: Float, parentID: Int32, siblingIndex: UInt32) {
        self.nodeID = nodeID
        self.role = role
        self.label = label
        self.value = value
        self.hint = hint
        self.stateFlags = stateFlags
        self.traitFlags = traitFlags
        self.headingLevel = headingLevel
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
        self.parentID = parentID
        self.siblingIndex = siblingIndex
    }
}

/// New bounds of one node.
public final class SemanticsBoundsUpdate: NSObject {
    public let nodeID: UInt32
    public let minX: Float, minY: Float, maxX: Float, maxY: Float

    public init(id nodeID: UInt32, minX: Float, minY: Float, maxX: Float, maxY: Float) {
        self.nodeID = nodeID
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }
}

/// The new children of one node.
public final class SemanticsChildrenUpdate: NSObject {
    public let parentID: Int32
    public let childIDs: [NSNumber]

    public init(parentID: Int32, childIDs: [NSNumber]) {
        self.parentID = parentID
        self.childIDs = childIDs
    }
}

/// What changed in the semantics tree since the last drain.
public final class SemanticsDiff: NSObject {
    public let frameNumber: UInt64
    public let treeVersion: UInt64
    public let rootID: UInt32
    public let removed: [NSNumber]
    public let added: [SemanticsDiffNode]
    public let moved: [SemanticsDiffNode]
    public let childrenUpdated: [SemanticsChildrenUpdate]
    public let updatedSemantic: [SemanticsDiffNode]
    public let updatedGeometry: [SemanticsBoundsUpdate]

    public init(frameNumber: UInt64, treeVersion: UInt64, rootID: UInt32, removed: [NSNumber], added: [SemanticsDiffNode],
         moved: [SemanticsDiffNode], childrenUpdated: [SemanticsChildrenUpdate], updatedSemantic: [SemanticsDiffNode],
         updatedGeometry: [SemanticsBoundsUpdate]) {
        self.frameNumber = frameNumber
        self.treeVersion = treeVersion
        self.rootID = rootID
        self.removed = removed
        self.added = added
        self.moved = moved
        self.childrenUpdated = childrenUpdated
        self.updatedSemantic = updatedSemantic
        self.updatedGeometry = updatedGeometry
    }
}
