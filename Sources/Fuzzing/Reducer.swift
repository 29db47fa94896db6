import Foundation
import RiveFormat

/// Shrinks a `.riv` file while a predicate stays true: delta debugging over its objects, then
/// removal of single properties, then objects again (keyed frames and whatever the property
/// pass freed).
///
/// Every candidate is a file our writer validates (`RiveWriter.write`), so the result is a
/// well-formed file that still shows the failure; candidates that break a structural rule are
/// skipped without running the predicate. An input that itself breaks a structural rule (a
/// mutated file without its Backboard, say) is reduced with candidates encoded unchecked that
/// our reader still reads, and the result says so (`validated` is false). Deterministic: the same file and predicate give
/// the same steps and result (unless a deadline cuts the reduction short).
@MainActor
public struct Reducer {
    /// One accepted step: what was removed and the size after it.
    public struct Step: Sendable, Hashable {
        /// The pass (`objects`, `properties`, `objects again`).
        public var pass: String
        /// What the step removed (`12 objects`, `property x (13) of #4`).
        public var removed: String
        /// Objects left.
        public var objects: Int
        /// Bytes of the encoded file after the step.
        public var bytes: Int
    }

    /// The result: the smallest file found and the steps that got there.
    public struct Result: Sendable {
        /// The reduced document.
        public var document: RiveDocument
        /// Its bytes (as the writer encodes them).
        public var bytes: [UInt8]
        /// The accepted steps, in order.
        public var steps: [Step]
        /// How many candidates the predicate was run on.
        public var predicateRuns: Int
        /// Whether the time limit stopped the reduction before it was done.
        public var stoppedAtTimeLimit: Bool
        /// Whether every candidate passed the writer's validation; `false` when the input broke
        /// a structural rule, named in `inputProblem`, and candidates only had to stay readable.
        public var validated: Bool { inputProblem == nil }
        /// The structural rule the input breaks, when it breaks one.
        public var inputProblem: String?
    }

    /// Why a reduction could not start.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// Our reader does not read the input's encoding, so there is nothing to reduce structurally.
        case invalidInput(String)
        /// The predicate is false for the input itself.
        case predicateFalseOnInput

        /// A message with what to do next.
        public var description: String {
            switch self {
            case .invalidInput(let why): "our reader does not read the file as our writer encodes it (\(why)); reduce needs a file our reader reads (byte-level failures are not reduced)"
            case .predicateFalseOnInput: "the predicate is false for the file as given, so there is nothing to keep while reducing; check the predicate and the adapter"
            }
        }
    }

    /// Whether a candidate still shows the failure.
    public let predicate: @MainActor ([UInt8]) async -> Bool
    /// Called after each accepted step.
    public let onStep: (Step) -> Void
    /// When to stop trying candidates and keep the smallest file found so far (nil: never).
    public let deadline: Date?
    private var runs = 0
    private var stopped = false
    /// Whether candidates must pass the writer's validation (false for an input that does not).
    private var validates = true

    /// Creates a reducer.
    public init(predicate: @escaping @MainActor ([UInt8]) async -> Bool, deadline: Date? = nil, onStep: @escaping (Step) -> Void = { _ in }) {
        self.predicate = predicate
        self.deadline = deadline
        self.onStep = onStep
    }

    /// Reduces a document.
    /// - Throws: `Reducer.Failure` when the input is not a valid file or the predicate is false for it.
    public mutating func reduce(_ input: RiveDocument) async throws(Failure) -> Result {
        let inputBytes: [UInt8]
        var inputProblem: String?
        do { inputBytes = try RiveWriter.write(input) } catch {
            inputProblem = error.message
            validates = false
            guard let unchecked = encode(input) else { throw .invalidInput(error.message) }
            inputBytes = unchecked
        }
        runs = 1
        guard await predicate(inputBytes) else { throw .predicateFalseOnInput }
        var current = input
        var steps: [Step] = []
        current = await minimizeObjects(current, pass: "objects", steps: &steps)
        current = await removeProperties(current, steps: &steps)
        current = await minimizeObjects(current, pass: "objects again", steps: &steps)
        return Result(document: current, bytes: encode(current) ?? inputBytes, steps: steps, predicateRuns: runs,
                      stoppedAtTimeLimit: stopped, inputProblem: inputProblem)
    }

    /// A document's bytes: validated by the writer, or (for an input that breaks a structural
    /// rule) encoded unchecked and read back by our reader; `nil` when that fails.
    private func encode(_ document: RiveDocument) -> [UInt8]? {
        if validates { return try? RiveWriter.write(document) }
        guard let bytes = try? RiveWriter.encodeUnchecked(document), (try? RiveReader.read(bytes)) != nil else { return nil }
        return bytes
    }

    /// The candidate's bytes when it encodes (`encode`) and the predicate holds.
    private mutating func accepts(_ candidate: RiveDocument) async -> [UInt8]? {
        if let deadline, Date() >= deadline { stopped = true }
        guard !stopped, let bytes = encode(candidate) else { return nil }
        runs += 1
        return await predicate(bytes) ? bytes : nil
    }

    /// ddmin over object indices (the header objects at index 0 stay).
    private mutating func minimizeObjects(_ document: RiveDocument, pass: String, steps: inout [Step]) async -> RiveDocument {
        var current = document
        var granularity = 2
        while current.objects.count > 1 {
            let removable = Array(1..<current.objects.count)
            let chunkSize = max(1, (removable.count + granularity - 1) / granularity)
            var reduced = false
            var start = 0
            while start < removable.count {
                let chunk = Set(removable[start..<min(removable.count, start + chunkSize)])
                var candidate = current
                candidate.objects = current.objects.enumerated().filter { !chunk.contains($0.offset) }.map(\.element)
                if let bytes = await accepts(candidate) {
                    current = candidate
                    let step = Step(pass: pass, removed: "\(chunk.count) object\(chunk.count == 1 ? "" : "s")", objects: current.objects.count, bytes: bytes.count)
                    steps.append(step)
                    onStep(step)
                    reduced = true
                    break
                }
                start += chunkSize
            }
            if reduced {
                granularity = max(granularity - 1, 2)
            } else if chunkSize == 1 {
                break
            } else {
                granularity = min(granularity * 2, removable.count)
            }
        }
        return current
    }

    /// Tries removing each property of each object, last object first.
    private mutating func removeProperties(_ document: RiveDocument, steps: inout [Step]) async -> RiveDocument {
        var current = document
        for objectIndex in current.objects.indices.reversed() {
            var propertyIndex = current.objects[objectIndex].properties.count - 1
            while propertyIndex >= 0 {
                var candidate = current
                let removed = candidate.objects[objectIndex].properties.remove(at: propertyIndex)
                if let bytes = await accepts(candidate) {
                    current = candidate
                    let step = Step(pass: "properties", removed: "\(removed.name ?? "key \(removed.key)") of #\(objectIndex)",
                                    objects: current.objects.count, bytes: bytes.count)
                    steps.append(step)
                    onStep(step)
                }
                propertyIndex -= 1
            }
        }
        return current
    }
}
