import RuntimeAPI

/// Dumps one loaded file through `RuntimeAPI` only, so the same code dumps every adapter.
///
/// Every runtime call that throws is printed as `error <code>` where its answer would be,
/// and the dump goes on: two runtimes that reject the same request the same way agree.
@MainActor
public final class RuntimeDumper {
    private let worker: any Worker
    private let file: any File
    private let options: DumpOptions
    private var propertiesByViewModel: [String: Result<[ViewModelProperty], FileError>] = [:]
    /// The frames the play rasterized for the `pixels` section, by frame number.
    private var rasterized: [Int: RasterFrame] = [:]
    /// The sections the play fills.
    static let playSections: [DumpSection] = [.frames, .boundValues, .draws, .pixels]

    /// Creates a dumper of a file loaded on `worker`.
    public init(worker: any Worker, file: any File, options: DumpOptions) {
        self.worker = worker
        self.file = file
        self.options = options
    }

    /// Dumps the sections `options` selects.
    public func dump() async -> RuntimeDump {
        var dump = RuntimeDump()
        let sections = Set(options.sections)
        if sections.contains(.artboards) { dump.sections[.artboards] = await artboardLines() }
        if sections.contains(.viewModels) { dump.sections[.viewModels] = await viewModelLines() }
        if sections.contains(.instances) { dump.sections[.instances] = await instanceLines() }
        if !sections.isDisjoint(with: Self.playSections) {
            let play = await playLines()
            for section in Self.playSections where sections.contains(section) {
                dump.sections[section] = play[section] ?? []
            }
            if sections.contains(.pixels) { dump.frames = rasterized }
        }
        return dump
    }

    // MARK: Artboards

    private func artboardLines() async -> [String] {
        let names: [String]
        do { names = try await file.getArtboardNames() } catch { return ["artboards error \(error.code)"] }
        var lines = ["artboards \(names.count)"]
        do { lines.append("default artboard " + CanonicalText.quoted(try await file.createArtboard(nil).name)) } catch {
            lines.append("default artboard error \(error.code)")
        }
        var occurrences: [String: Int] = [:]
        for name in names {
            let label = "artboard " + CanonicalText.quoted(name)
            occurrences[name, default: 0] += 1
            // The API reaches artboards by name only (no index), and a name gives the first
            // artboard that has it: a later one's size or machines would be the first's.
            if let count = occurrences[name], count > 1 {
                lines.append("\(label) (\(Self.ordinal(count)) of that name) unreachable by name")
                continue
            }
            let artboard: any Artboard
            do { artboard = try await file.createArtboard(name) } catch {
                lines.append("\(label) error \(error.code)")
                continue
            }
            lines.append(label)
            if !options.comparable.contains(.artboardMetrics) {
                lines.append("\(label) size " + Self.notComparable(.artboardMetrics))
                lines.append("\(label) animations " + Self.notComparable(.artboardMetrics))
            } else if let metrics = artboard as? any ArtboardMetrics {
                do {
                    let size = try await metrics.getSize()
                    lines.append("\(label) size \(CanonicalText.number(size.width)) \(CanonicalText.number(size.height))")
                } catch { lines.append("\(label) size error \(error.code)") }
                do {
                    let animations = try await metrics.getAnimationNames()
                    lines.append("\(label) animations \(animations.count)")
                    lines += animations.map { "\(label) animation " + CanonicalText.quoted($0) }
                } catch { lines.append("\(label) animations error \(error.code)") }
            } else {
                lines.append("\(label) size unsupported")
                lines.append("\(label) animations unsupported")
            }
            do {
                let machines = try await artboard.getStateMachineNames()
                lines.append("\(label) stateMachines \(machines.count)")
                lines += machines.map { "\(label) stateMachine " + CanonicalText.quoted($0) }
            } catch { lines.append("\(label) stateMachines error \(error.code)") }
            do {
                let machine = try await artboard.createStateMachine(nil, binding: .none)
                lines.append("\(label) default stateMachine " + CanonicalText.quoted(machine.name))
            } catch { lines.append("\(label) default stateMachine error \(error.code)") }
            do {
                let info = try await file.getDefaultViewModelInfo(for: artboard)
                lines.append("\(label) viewModel \(CanonicalText.quoted(info.viewModelName)) instance \(CanonicalText.quoted(info.instanceName))")
            } catch { lines.append("\(label) viewModel error \(error.code)") }
        }
        return lines
    }

    // MARK: View models

    private func viewModelLines() async -> [String] {
        var lines: [String] = []
        let names: [String]
        do { names = try await file.getViewModelNames() } catch { return ["viewModels error \(error.code)"] }
        lines.append("viewModels \(names.count)")
        if options.comparable.contains(.globals) {
            do {
                let globals = try await file.getGlobalViewModelNames()
                lines.append("globals \(globals.count)" + globals.map { " " + CanonicalText.quoted($0) }.joined())
            } catch { lines.append("globals error \(error.code)") }
        } else {
            lines.append("globals " + Self.notComparable(.globals))
        }
        for name in names {
            let label = "viewModel " + CanonicalText.quoted(name)
            switch await properties(of: name) {
            case .success(let properties):
                lines.append("\(label) properties \(properties.count)")
                for property in properties {
                    let meta = property.metaData.isEmpty ? "" : " " + CanonicalText.quoted(property.metaData)
                    lines.append("\(label) property \(CanonicalText.quoted(property.name)) \(property.type)\(meta)")
                }
            case .failure(let error):
                lines.append("\(label) properties error \(error.code)")
            }
            do {
                let instances = try await file.getInstanceNames(of: name)
                lines.append("\(label) instances \(instances.count)")
                lines += instances.map { "\(label) instance " + CanonicalText.quoted($0) }
            } catch { lines.append("\(label) instances error \(error.code)") }
        }
        do {
            let enums = try await file.getViewModelEnums()
            lines.append("enums \(enums.count)")
            lines += enums.map { "enum \(CanonicalText.quoted($0.name)) values" + $0.values.map { " " + CanonicalText.quoted($0) }.joined() }
        } catch { lines.append("enums error \(error.code)") }
        return lines
    }

    private func properties(of viewModel: String) async -> Result<[ViewModelProperty], FileError> {
        if let known = propertiesByViewModel[viewModel] { return known }
        let result: Result<[ViewModelProperty], FileError>
        do { result = .success(try await file.getProperties(of: viewModel)) } catch { result = .failure(error) }
        propertiesByViewModel[viewModel] = result
        return result
    }

    // MARK: Instances

    private func instanceLines() async -> [String] {
        let names: [String]
        do { names = try await file.getViewModelNames() } catch { return ["viewModels error \(error.code)"] }
        var lines: [String] = []
        for name in names {
            for (kind, source) in [("blank", ViewModelInstanceSource.blank(from: .name(name))), ("default", .viewModelDefault(from: .name(name)))] {
                let label = CanonicalText.quoted(name) + " " + kind
                do {
                    let instance = try await file.createViewModelInstance(source)
                    lines += await valueLines(of: instance, label: label + " ")
                } catch { lines.append("\(label) error \(error.code)") }
            }
        }
        return lines
    }

    /// The lines of an instance: its name, then every property as `PATH: TYPE = VALUE`.
    private func valueLines(of instance: any ViewModelInstance, label: String) async -> [String] {
        await keyedValueLines(of: instance, label: label).map(\.text)
    }

    /// The lines of an instance, each keyed by the path it describes (`name` for the name line).
    private func keyedValueLines(of instance: any ViewModelInstance, label: String) async -> [ValueLine] {
        var lines: [ValueLine] = []
        do { lines.append(ValueLine("", label + "name " + CanonicalText.quoted(try await instance.name()))) } catch {
            lines.append(ValueLine("", label + "name error \(error.code)"))
        }
        let viewModel: String
        do { viewModel = try await instance.viewModelName() } catch {
            lines.append(ValueLine("/", label + "viewModel error \(error.code)"))
            return lines
        }
        await appendValues(of: instance, viewModel: viewModel, pathPrefix: "", label: label, depth: 0, visiting: [viewModel], into: &lines)
        return lines
    }

    /// Appends the properties of `viewModel` read through `instance` at paths under `pathPrefix`.
    private func appendValues(of instance: any ViewModelInstance, viewModel: String, pathPrefix: String, label: String,
                              depth: Int, visiting: [String], into lines: inout [ValueLine]) async {
        let properties: [ViewModelProperty]
        switch await self.properties(of: viewModel) {
        case .success(let found): properties = found
        case .failure(let error):
            lines.append(ValueLine(label + pathPrefix, label + pathPrefix + "* error \(error.code)"))
            return
        }
        for property in properties {
            let path = pathPrefix + property.name
            let key = label + path
            let head = key + ": \(property.type)"
            func add(_ text: String) { lines.append(ValueLine(key, text)) }
            switch property.type {
            case .number:
                add(head + " = " + (await read { () async throws(ViewModelInstanceError) in CanonicalText.number(try await instance.value(of: NumberProperty(path: path))) }))
            case .string:
                add(head + " = " + (await read { () async throws(ViewModelInstanceError) in CanonicalText.quoted(try await instance.value(of: StringProperty(path: path))) }))
            case .boolean:
                add(head + " = " + (await read { () async throws(ViewModelInstanceError) in String(try await instance.value(of: BoolProperty(path: path))) }))
            case .color:
                add(head + " = " + (await read { () async throws(ViewModelInstanceError) in (try await instance.value(of: ColorProperty(path: path))).description }))
            case .enumType:
                add(head + " = " + (await read { () async throws(ViewModelInstanceError) in CanonicalText.quoted(try await instance.value(of: EnumProperty(path: path))) }))
            case .viewModel:
                let nested = property.metaData
                if visiting.contains(nested) || depth + 1 >= DumpOptions.maximumNestingDepth {
                    add(head + " " + CanonicalText.quoted(nested) + " (not followed: " + (visiting.contains(nested) ? "cycle" : "depth limit") + ")")
                } else {
                    add(head + " " + CanonicalText.quoted(nested))
                    await appendValues(of: instance, viewModel: nested, pathPrefix: path + "/", label: label, depth: depth + 1,
                                       visiting: visiting + [nested], into: &lines)
                }
            case .list:
                let list = ListProperty(path: path)
                let size: Int
                do { size = try await instance.size(of: list) } catch {
                    add(head + " size error \(error.code)")
                    continue
                }
                add(head + " size \(size)")
                guard depth + 1 < DumpOptions.maximumNestingDepth else { continue }
                for index in 0..<min(size, DumpOptions.maximumListItems) {
                    let item = instance.value(of: list, at: Int32(index))
                    let itemLabel = key + "[\(index)]"
                    let itemViewModel: String
                    do { itemViewModel = try await item.viewModelName() } catch {
                        lines.append(ValueLine(itemLabel, itemLabel + " error \(error.code)"))
                        continue
                    }
                    lines.append(ValueLine(itemLabel, itemLabel + " " + CanonicalText.quoted(itemViewModel)))
                    guard !visiting.contains(itemViewModel) else { continue }
                    await appendValues(of: item, viewModel: itemViewModel, pathPrefix: "", label: itemLabel + "/", depth: depth + 1,
                                       visiting: visiting + [itemViewModel], into: &lines)
                }
            default:
                // Triggers have no value; images, artboards, fonts and blobs are write-only.
                add(head)
            }
        }
    }

    /// A value's text, or `error <code>` when the runtime refused.
    private func read(_ body: () async throws(ViewModelInstanceError) -> String) async -> String {
        do { return try await body() } catch { return "error \(error.code)" }
    }

    // MARK: Play

    private func playLines() async -> [DumpSection: [String]] {
        func everywhere(_ line: String) -> [DumpSection: [String]] { [.frames: [line], .boundValues: [line], .draws: [line], .pixels: [line]] }
        let artboard: any Artboard
        do { artboard = try await file.createArtboard(nil) } catch { return everywhere("play artboard error \(error.code)") }
        var instance: (any ViewModelInstance)?
        var header = "play artboard " + CanonicalText.quoted(artboard.name)
        do {
            let info = try await file.getDefaultViewModelInfo(for: artboard)
            do {
                instance = try await file.createViewModelInstance(.viewModelDefault(from: .artboardDefault(artboard)))
                // The instance's name is compared in `artboards` and `instances`; leaving it out
                // here keeps a naming difference from hiding the play's own differences.
                header += " viewModel \(CanonicalText.quoted(info.viewModelName))"
            } catch { header += " instance error \(error.code)" }
        } catch { header += " viewModel none" }
        let stateMachine: any StateMachine
        let binding: DataBind = instance.map { .instance($0) } ?? .auto
        do {
            stateMachine = try await artboard.createStateMachine(nil, binding: binding)
            header += " stateMachine " + CanonicalText.quoted(stateMachine.name)
        } catch {
            // Which machine is the default is compared in `artboards`; without one the play
            // takes the first listed, so the play still compares what the machines do.
            if let first = try? await artboard.getStateMachineNames().first {
                do { stateMachine = try await artboard.createStateMachine(first, binding: binding) } catch {
                    return everywhere(header + " stateMachine error \(error.code)")
                }
                header += " stateMachine " + CanonicalText.quoted(stateMachine.name)
            } else if options.comparable.contains(.animationPlayback), let playback = artboard as? any AnimationPlayback {
                // No state machine: the legacy play of the first linear animation, as the C++
                // runtime's default scene plays such an artboard (the Apple API cannot).
                do { stateMachine = try await playback.createAnimationScene(nil, binding: binding) } catch let animationError {
                    return everywhere(header + " stateMachine error \(error.code) animation error \(animationError.code)")
                }
                header += " animation " + CanonicalText.quoted(stateMachine.name)
            } else {
                return everywhere(header + " stateMachine error \(error.code)")
            }
        }
        guard options.comparable.isSuperset(of: Self.viewPlay) else {
            return await headlessPlayLines(header: header, instance: instance, stateMachine: stateMachine)
        }
        let view: any RuntimeView
        do {
            view = try await worker.makeView(ViewConfiguration(artboard: artboard, stateMachine: stateMachine, viewModelInstance: instance,
                                                         width: options.viewSize, height: options.viewSize))
        } catch { return everywhere(header + " view error \(error.code)") }
        var frames = [header]
        var bound = [header]
        var draws = [header]
        var pixels = [header]
        var previous: [String: String] = [:]
        let drawFrames = Set(options.drawFrames)
        let wantsValues = options.sections.contains(.boundValues)
        let wantsPixels = options.sections.contains(.pixels) && options.comparable.contains(.pixels)
        if !options.comparable.contains(.pixels) { pixels = [Self.notComparable(.pixels)] }
        for frame in 0...options.frames {
            let report = await view.tick(DisplayTick(timestamp: Double(frame) * DumpOptions.frameSeconds))
            await worker.flush()
            frames.append("frame \(frame) " + Self.text(of: report))
            if wantsValues, let instance { await appendChangedValues(of: instance, frame: frame, to: &bound, previous: &previous) }
            if drawFrames.contains(frame) {
                do {
                    let summary = DrawCommandSummary.summarize(try await view.drawDigest().commands)
                    draws.append("frame \(frame) commands \(summary.count)")
                    draws += summary.enumerated().map { "frame \(frame) #\($0.offset) \($0.element)" }
                } catch { draws.append("frame \(frame) error \(error.code)") }
            }
            if wantsPixels, drawFrames.contains(frame) {
                do {
                    let raster = try await view.rasterize()
                    rasterized[frame] = raster
                    pixels.append("frame \(frame) pixels \(raster.width)x\(raster.height)")
                } catch { pixels.append("frame \(frame) error \(error.code)") }
            }
        }
        if instance == nil { bound.append("no bound instance") }
        return [.frames: frames, .boundValues: bound, .draws: draws, .pixels: pixels]
    }

    /// Appends a frame's lines of the instance's values that changed since the last frame.
    private func appendChangedValues(of instance: any ViewModelInstance, frame: Int, to lines: inout [String],
                                     previous: inout [String: String]) async {
        for line in await keyedValueLines(of: instance, label: "") where !line.key.isEmpty && previous[line.key] != line.text {
            lines.append("frame \(frame) " + line.text)
            previous[line.key] = line.text
        }
    }

    /// What a play through a view needs of both sides: its per-tick reports and its draws.
    static let viewPlay: RuntimeCapabilities = [.redrawReports, .frameReports, .drawDigest]

    /// The text of a line whose feature one side lacks, naming the capability.
    static func notComparable(_ capability: RuntimeCapabilities) -> String {
        "not comparable (\(capability) not declared by both sides)"
    }

    /// The play when a side has no view: the state machine advances by itself frame by frame,
    /// so the bound values compare; the view's frames and draws are not comparable.
    private func headlessPlayLines(header: String, instance: (any ViewModelInstance)?, stateMachine: any StateMachine) async -> [DumpSection: [String]] {
        var bound = [header + " (advanced without a view)"]
        var previous: [String: String] = [:]
        if options.sections.contains(.boundValues), let instance {
            for frame in 0...options.frames {
                stateMachine.advance(by: frame == 0 ? 0 : DumpOptions.frameSeconds)
                await worker.flush()
                await appendChangedValues(of: instance, frame: frame, to: &bound, previous: &previous)
            }
        }
        if instance == nil { bound.append("no bound instance") }
        let missing = Self.viewPlay.subtracting(options.comparable)
        return [.frames: [Self.notComparable(missing)], .boundValues: bound, .draws: [Self.notComparable(missing)],
                .pixels: [Self.notComparable(missing.union(options.comparable.contains(.pixels) ? [] : .pixels))]]
    }

    /// `2nd`, `3rd`, `4th`…, `11th`, `21st`.
    static func ordinal(_ number: Int) -> String {
        let suffix = (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }

    /// `advanced DT drew settled`, with `idle` / `no-draw` / `unsettled` for the negatives.
    private static func text(of report: FrameReport) -> String {
        let advance = report.advanced ? "advanced " + (report.advanceSeconds.map(CanonicalText.number) ?? "?") : "idle"
        return advance + (report.drew ? " drew" : " no-draw") + (report.settled ? " settled" : " unsettled")
    }
}

/// One line of an instance's values and the path it describes, so a play can print only what changed.
private struct ValueLine {
    let key: String
    let text: String

    init(_ key: String, _ text: String) {
        self.key = key
        self.text = text
    }
}
