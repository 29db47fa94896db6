import ObjCHeaderImport
import Testing

/// Method, initializer and property names follow Swift's importer.
@Suite struct NamingTests {
    @Test("selectors: split at the last preposition, type restatements dropped, initialisms lowercased")
    func methodNames() throws {
        let header = """
            NS_ASSUME_NONNULL_BEGIN
            @class ShopPicture;
            @protocol ShopCanvas
            @end
            @interface ShopPicture : NSObject
            @end
            @protocol ShopQueue <NSObject>
            - (void)restock;
            - (uint64_t)openCrateFromDepot:(uint64_t)depot count:(int32_t)count;
            - (void)listenToShelfChanges:(uint64_t)shelf;
            - (void)fetchItemNamed:(NSString*)name fromShelf:(uint64_t)shelf;
            - (void)onCrateOpened:(uint64_t)crate;
            - (void)paintLabel:(NSString*)label toCanvas:(id<ShopCanvas>)canvas;
            - (void)drawPicture:(ShopPicture*)picture;
            - (void)setShelfHeight:(float)height forShelf:(uint64_t)shelf;
            - (void)moveItem:(uint64_t)item toIndex:(int)index;
            - (void)closeShopAnimated:(BOOL)animated;
            - (NSString*)URLForItem:(uint64_t)item;
            - (void)addObserverWithHandler:(void (^)(void))handler;
            - (void)stackCrate:(uint64_t)crate onCrate:(uint64_t)other NS_SWIFT_NAME(stack(_:on:));
            @end
            NS_ASSUME_NONNULL_END
            """
        try expectDeclarations(header, [
            "public protocol ShopQueue: NSObjectProtocol {",
            "func restock()",
            "@discardableResult func openCrate(fromDepot depot: UInt64, count: Int32) -> UInt64",
            "func listen(toShelfChanges shelf: UInt64)",
            "func fetchItemNamed(_ name: String, fromShelf shelf: UInt64)",
            "func onCrateOpened(_ crate: UInt64)",
            "func paintLabel(_ label: String, to canvas: any ShopCanvas)",
            "func draw(_ picture: ShopPicture)",
            "func setShelfHeight(_ height: Float, forShelf shelf: UInt64)",
            "func moveItem(_ item: UInt64, to index: Int32)",
            "func closeShop(animated: Bool)",
            "@discardableResult func url(forItem item: UInt64) -> String",
            "func addObserver(handler: @escaping () -> Void)",
            "func stack(_ crate: UInt64, on other: UInt64)",
            "}",
        ])
    }

    @Test("protocols: NS_SWIFT_NAME, NSObject, AnyObject, @MainActor, and Protocol when a class has the name")
    func protocolNames() throws {
        let header = """
            NS_SWIFT_UI_ACTOR
            NS_SWIFT_NAME(Till)
            @protocol ShopTill
            @property(nonatomic, readonly) uint64_t total;
            @property(nonatomic) double discount;
            @end
            @protocol ShopDoor <ShopTill, NSObject>
            - (void)open NS_SWIFT_UI_ACTOR;
            @end
            @protocol ShopShelf
            @end
            @interface ShopShelf : NSObject <ShopShelf>
            @end
            """
        try expectDeclarations(header, [
            "@MainActor",
            "public protocol Till: AnyObject {",
            "var total: UInt64 { get }",
            "var discount: Double { get set }",
            "}",
            "public protocol ShopDoor: Till, NSObjectProtocol {",
            "@MainActor func open()",
            "public protocol ShopShelfProtocol: AnyObject {",
        ])
    }

    @Test("interfaces: init family, BOOL getters, unavailable members skipped, checks as protocol + extension")
    func interfaceChecks() throws {
        let header = """
            NS_ASSUME_NONNULL_BEGIN
            @protocol ShopTill
            - (void)ring;
            @end
            NS_SWIFT_UI_ACTOR
            NS_SWIFT_NAME(Picture)
            @interface ShopPicture : NSObject <ShopTill>
            @property(nonatomic, readonly) uint32_t width;
            @property(nonatomic) BOOL visible;
            @property(nonatomic, getter=isFramed) BOOL framed;
            - (instancetype)initWithWidth:(uint32_t)width height:(uint32_t)height NS_DESIGNATED_INITIALIZER;
            - (instancetype)initWithDefault:(BOOL)flag;
            - (nullable instancetype)initWithURLString:(NSString*)string;
            - (instancetype)init NS_UNAVAILABLE;
            @end
            NS_ASSUME_NONNULL_END
            """
        try expectDeclarations(header, checks: .all, [
            "@MainActor",
            "protocol _HeaderInterface_Picture: NSObject, ShopTill {",
            "var width: UInt32 { get }",
            "var visible: Bool { get set }",
            "var isFramed: Bool { get set }",
            "init(width: UInt32, height: UInt32)",
            "init(withDefault flag: Bool)",
            "init?(urlString string: String)",
            "}",
            "extension Picture: _HeaderInterface_Picture {}",
        ])
        #expect(!(try generate(header, checks: .all)).contains("init()"))
    }

    @Test("enums: common prefix stripped, raw values counted on, keywords in backticks, aliases, NS_SWIFT_NAME")
    func enumerations() throws {
        let header = """
            typedef NS_ENUM(NSInteger, ShopColor) {
                ShopColorRed = 2,
                ShopColorDeepBlue,
                ShopColorEnum,
                ShopColorDefault = 10,
                ShopColorCrimson = ShopColorRed,
                ShopColorURLSafe = 1 << 4,
            };
            typedef NS_CLOSED_ENUM(uint32_t, ShopSize) { ShopSizeSmall, ShopSizeLarge } NS_SWIFT_NAME(Size);
            typedef NS_ENUM(NSInteger, ShopMood) { ShopMoodCalm = -1, ShopMoodBusy NS_SWIFT_NAME(hectic) };
            """
        try expectDeclarations(header, [
            "public enum ShopColor: Int, Sendable {",
            "case red = 2",
            "case deepBlue = 3",
            "case `enum` = 4",
            "case `default` = 10",
            "case urlSafe = 16",
            "public static var crimson: ShopColor { .red }",
            "}",
            "public enum Size: UInt32, Sendable {",
            "case small = 0",
            "case large = 1",
            "public enum ShopMood: Int, Sendable {",
            "case calm = -1",
            "case hectic = 0",
        ])
    }

    @Test("option sets: OptionSet struct, the zero member unavailable, plural enum names")
    func optionSets() throws {
        let header = """
            typedef NS_OPTIONS(NSUInteger, ShopFlags) {
                ShopFlagNone = 0,
                ShopFlagFresh = 1u << 0,
                ShopFlagCold = 0x8,
                ShopFlagBoth = ShopFlagFresh | ShopFlagCold,
            };
            """
        try expectDeclarations(header, [
            "public struct ShopFlags: OptionSet, Sendable {",
            "public let rawValue: UInt",
            "public init(rawValue: UInt) { self.rawValue = rawValue }",
            "@available(*, unavailable, message: \"use [] to construct an empty option set\")",
            "public static var none: ShopFlags { [] }",
            "public static var fresh: ShopFlags { ShopFlags(rawValue: 1) }",
            "public static var cold: ShopFlags { ShopFlags(rawValue: 8) }",
            "public static var both: ShopFlags { ShopFlags(rawValue: 9) }",
        ])
    }
}
