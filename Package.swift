// swift-tools-version: 6.2
import PackageDescription

let upcoming: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
  name: "BindingDSL",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "BindingDSL", targets: ["BindingDSL"]),
    .library(name: "Headless", targets: ["Headless"]),
    .library(name: "HeadlessTesting", targets: ["HeadlessTesting"]),
    .library(name: "TerminalHost", targets: ["TerminalHost"]),
    .library(name: "TerminalHostTesting", targets: ["TerminalHostTesting"]),
    .library(name: "Pictures", targets: ["Pictures"]),
    .library(name: "PicturesTesting", targets: ["PicturesTesting"]),
    .executable(name: "Showcase", targets: ["Showcase"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "BindingDSL", swiftSettings: upcoming),
    .target(name: "Headless", dependencies: ["BindingDSL"], swiftSettings: upcoming),
    .target(name: "HeadlessTesting", dependencies: ["Headless"], swiftSettings: upcoming),
    .target(name: "TerminalHost", dependencies: ["Headless"], swiftSettings: upcoming),
    .target(
      name: "TerminalHostTesting", dependencies: ["TerminalHost"], swiftSettings: upcoming),
    .target(name: "Pictures", dependencies: ["Headless"], swiftSettings: upcoming),
    .target(
      name: "PicturesTesting", dependencies: ["Pictures", "Headless", "HeadlessTesting"],
      swiftSettings: upcoming),
    .executableTarget(
      name: "Showcase",
      dependencies: ["BindingDSL", "Headless", "HeadlessTesting", "TerminalHost", "Pictures"],
      swiftSettings: upcoming),
    .testTarget(name: "BindingDSLTests", dependencies: ["BindingDSL"], swiftSettings: upcoming),
    .testTarget(
      name: "HeadlessTests",
      dependencies: ["BindingDSL", "Headless", "HeadlessTesting", "Pictures"],
      exclude: ["__Snapshots__", "Tutorial/__Snapshots__"], swiftSettings: upcoming),
    .testTarget(
      name: "ShowcaseTests",
      dependencies: [
        "Showcase", "BindingDSL", "Headless", "HeadlessTesting", "TerminalHost",
        "TerminalHostTesting", "Pictures",
      ],
      exclude: ["__Snapshots__"], swiftSettings: upcoming),
    .testTarget(
      name: "TerminalHostTests",
      dependencies: [
        "TerminalHost", "TerminalHostTesting", "BindingDSL", "Headless", "HeadlessTesting",
      ],
      swiftSettings: upcoming),
    .testTarget(
      name: "PicturesTests",
      dependencies: ["Pictures", "PicturesTesting", "Headless", "HeadlessTesting"],
      swiftSettings: upcoming),
    .testTarget(
      name: "CompileTimeTests", dependencies: ["BindingDSL", "Headless", "HeadlessTesting"],
      swiftSettings: upcoming),
  ],
  swiftLanguageModes: [.v6]
)
