import RuntimeAPI

/// A RiveRuntime `ViewModelInstance`; every method forwards to the method of the same name.
///
/// Generic RuntimeAPI calls dispatch on the descriptor's type to RiveRuntime's overload for
/// that type.
@MainActor
final class AppleViewModelInstance: ViewModelInstance {
    let rive: RRViewModelInstance
    /// The file the instance came from, kept alive with its worker.
    let file: AppleFile

    init(_ rive: RRViewModelInstance, file: AppleFile) {
        self.rive = rive
        self.file = file
    }

    func name() async throws(ViewModelInstanceError) -> String {
        #if !RIVE_RUNTIME_LINUX_BUILD || RIVE_RUNTIME_HAS_INSTANCE_NAMES
        do { return try await rive.name() } catch { throw viewModelInstanceError(error) }
        #else
        throw .error("RiveRuntime \(AppleRuntimeAdapter.builtRiveRuntimeVersion) has no ViewModelInstance.name()")
        #endif
    }

    func viewModelName() async throws(ViewModelInstanceError) -> String {
        #if !RIVE_RUNTIME_LINUX_BUILD || RIVE_RUNTIME_HAS_INSTANCE_NAMES
        do { return try await rive.viewModelName() } catch { throw viewModelInstanceError(error) }
        #else
        throw .error("RiveRuntime \(AppleRuntimeAdapter.builtRiveRuntimeVersion) has no ViewModelInstance.viewModelName()")
        #endif
    }

    func value<P: ValueProperty>(of property: P) async throws(ViewModelInstanceError) -> P.Value {
        let value: any PropertyValue
        do {
            switch property {
            case let property as NumberProperty: value = try await rive.value(of: RRNumberProperty(path: property.path))
            case let property as StringProperty: value = try await rive.value(of: RRStringProperty(path: property.path))
            case let property as BoolProperty: value = try await rive.value(of: RRBoolProperty(path: property.path))
            case let property as ColorProperty: value = Color(try await rive.value(of: RRColorProperty(path: property.path)).argbValue)
            case let property as EnumProperty: value = try await rive.value(of: RREnumProperty(path: property.path))
            default: throw ViewModelInstanceError.error("unknown value property type \(P.self)")
            }
        } catch let error as ViewModelInstanceError {
            throw error
        } catch {
            throw viewModelInstanceError(error)
        }
        guard let typed = value as? P.Value else { throw .valueMismatch(expected: "\(P.Value.self)", actual: "\(type(of: value))") }
        return typed
    }

    func setValue<P: ValueProperty>(of property: P, to value: P.Value) {
        switch (property, value) {
        case (let property as NumberProperty, let value as Float): rive.setValue(of: RRNumberProperty(path: property.path), to: value)
        case (let property as StringProperty, let value as String): rive.setValue(of: RRStringProperty(path: property.path), to: value)
        case (let property as BoolProperty, let value as Bool): rive.setValue(of: RRBoolProperty(path: property.path), to: value)
        case (let property as ColorProperty, let value as Color): rive.setValue(of: RRColorProperty(path: property.path), to: RRColor(value.argbValue))
        case (let property as EnumProperty, let value as String): rive.setValue(of: RREnumProperty(path: property.path), to: value)
        default: file.worker.logUnsupported(tag: "viewModelInstance", "setValue: unknown value property type \(P.self)")
        }
    }

    func valueStream<P: ValueProperty>(of property: P) -> EventStream<P.Value, ViewModelInstanceError> {
        let path = property.path
        switch property {
        case is NumberProperty: return typed(forward(rive.valueStream(of: RRNumberProperty(path: path)), mapError: viewModelInstanceError))
        case is StringProperty: return typed(forward(rive.valueStream(of: RRStringProperty(path: path)), mapError: viewModelInstanceError))
        case is BoolProperty: return typed(forward(rive.valueStream(of: RRBoolProperty(path: path)), mapError: viewModelInstanceError))
        case is ColorProperty:
            let colors = rive.valueStream(of: RRColorProperty(path: path)).map { Color($0.argbValue) }
            return typed(forward(colors, mapError: viewModelInstanceError))
        case is EnumProperty: return typed(forward(rive.valueStream(of: RREnumProperty(path: path)), mapError: viewModelInstanceError))
        default: return endedStream(.error("unknown value property type \(P.self)"))
        }
    }

    /// The stream re-typed to the descriptor's value type, which the dispatch above guarantees.
    private func typed<Element, Value>(_ stream: EventStream<Element, ViewModelInstanceError>) -> EventStream<Value, ViewModelInstanceError> {
        guard let stream = stream as? EventStream<Value, ViewModelInstanceError> else {
            return endedStream(.valueMismatch(expected: "\(Value.self)", actual: "\(Element.self)"))
        }
        return stream
    }

    func fire(trigger property: TriggerProperty) { rive.fire(trigger: RRTriggerProperty(path: property.path)) }

    func stream(of property: TriggerProperty) -> EventStream<Void, ViewModelInstanceError> {
        forward(rive.stream(of: RRTriggerProperty(path: property.path)), mapError: viewModelInstanceError)
    }

    func value(of property: ViewModelInstanceProperty) -> any ViewModelInstance {
        AppleViewModelInstance(rive.value(of: RRViewModelInstanceProperty(path: property.path)), file: file)
    }

    func setValue(of property: ViewModelInstanceProperty, to instance: any ViewModelInstance) {
        guard let instance = own(instance, "setValue(of: \(property.path))") else { return }
        rive.setValue(of: RRViewModelInstanceProperty(path: property.path), to: instance.rive)
    }

    func size(of list: ListProperty) async throws(ViewModelInstanceError) -> Int {
        do { return try await rive.size(of: RRListProperty(path: list.path)) } catch { throw viewModelInstanceError(error) }
    }

    func value(of list: ListProperty, at index: Int32) -> any ViewModelInstance {
        AppleViewModelInstance(rive.value(of: RRListProperty(path: list.path), at: index), file: file)
    }

    func appendInstance(_ instance: any ViewModelInstance, to list: ListProperty) {
        guard let instance = own(instance, "appendInstance(to: \(list.path))") else { return }
        rive.appendInstance(instance.rive, to: RRListProperty(path: list.path))
    }

    func insertInstance(_ instance: any ViewModelInstance, to list: ListProperty, at index: Int32) {
        guard let instance = own(instance, "insertInstance(to: \(list.path))") else { return }
        rive.insertInstance(instance.rive, to: RRListProperty(path: list.path), at: index)
    }

    func removeInstance(at index: Int32, from list: ListProperty) {
        rive.removeInstance(at: index, from: RRListProperty(path: list.path))
    }

    func removeInstance(_ instance: any ViewModelInstance, from list: ListProperty) {
        guard let instance = own(instance, "removeInstance(from: \(list.path))") else { return }
        rive.removeInstance(instance.rive, from: RRListProperty(path: list.path))
    }

    func swapInstance(atIndex: Int32, withIndex: Int32, in list: ListProperty) {
        rive.swapInstance(atIndex: atIndex, withIndex: withIndex, in: RRListProperty(path: list.path))
    }

    func setValue(of property: ImageProperty, to image: (any Image)?) {
        guard let image else { return rive.setValue(of: RRImageProperty(path: property.path), to: nil) }
        guard let image = image as? AppleImage else {
            return file.worker.logUnsupported(tag: "viewModelInstance", "setValue(of: \(property.path)): the image was not decoded by the Apple adapter")
        }
        rive.setValue(of: RRImageProperty(path: property.path), to: image.rive)
    }

    func setValue(of property: ArtboardProperty, to artboard: (any Artboard)?) {
        guard let artboard else { return rive.setValue(of: RRArtboardProperty(path: property.path), to: nil) }
        guard let artboard = artboard as? AppleArtboard else {
            return file.worker.logUnsupported(tag: "viewModelInstance", "setValue(of: \(property.path)): the artboard was not created by the Apple adapter")
        }
        rive.setValue(of: RRArtboardProperty(path: property.path), to: artboard.rive)
    }

    func setValue(of property: BlobProperty, to blob: (any Blob)?) {
        file.worker.logUnsupported(tag: "viewModelInstance", "setValue(of: \(property.path)): RiveRuntime \(AppleRuntimeAdapter.builtRiveRuntimeVersion) has no blob properties")
    }

    func setValue(of property: FontProperty, to font: (any Font)?) {
        file.worker.logUnsupported(tag: "viewModelInstance", "setValue(of: \(property.path)): RiveRuntime \(AppleRuntimeAdapter.builtRiveRuntimeVersion) has no font properties")
    }

    /// The instance as this adapter's, or `nil` (logged) when another adapter made it.
    private func own(_ instance: any ViewModelInstance, _ call: String) -> AppleViewModelInstance? {
        guard let instance = instance as? AppleViewModelInstance else {
            file.worker.logUnsupported(tag: "viewModelInstance", "\(call): the instance was not created by the Apple adapter")
            return nil
        }
        return instance
    }
}
