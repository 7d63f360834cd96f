// swift-tools-version: 6.2
// A native desktop host: the library's screens as GTK 4 windows on Linux, updated widget by
// widget. A package of its own, so that the library keeps zero dependencies; it uses the
// library's public API only (nothing `package` is visible here). GTK 4 and Xvfb come from
// Debian's packages: Scripts/install-gtk.
import PackageDescription

let upcoming: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
  name: "GTKHost",
  products: [
    .library(name: "GTKHost", targets: ["GTKHost"]),
    .library(name: "GTKHostTesting", targets: ["GTKHostTesting"]),
    .executable(name: "GTKShowcase", targets: ["GTKShowcase"]),
    .executable(name: "GTKGreeting", targets: ["GTKGreeting"]),
  ],
  dependencies: [.package(name: "BindingDSL", path: "../..")],
  targets: [
    .systemLibrary(
      name: "CGTK", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
    .target(
      name: "GTKHost",
      dependencies: [
        "CGTK",
        .product(name: "BindingDSL", package: "BindingDSL"),
        .product(name: "Headless", package: "BindingDSL"),
      ],
      swiftSettings: upcoming),
    // For test targets: drives GTK windows as a person would, failing with what did not happen.
    .target(
      name: "GTKHostTesting",
      dependencies: [
        "GTKHost", "CGTK",
        .product(name: "BindingDSL", package: "BindingDSL"),
        .product(name: "Headless", package: "BindingDSL"),
      ],
      swiftSettings: upcoming),
    // NB: Screens/ links the showcase's screens, view models and fake services from
    // Sources/Showcase of the library (an executable, whose types are not public): they are
    // compiled here as an app's own screens are, on the library's public API.
    .executableTarget(
      name: "GTKShowcase",
      dependencies: [
        "GTKHost", "CGTK",
        .product(name: "BindingDSL", package: "BindingDSL"),
        .product(name: "Headless", package: "BindingDSL"),
        .product(name: "HeadlessTesting", package: "BindingDSL"),
      ],
      swiftSettings: upcoming),
    // NB: the example of Docs/Hosts.md, "Your own screen in a GTK window": a screen of an app's
    // own in a window, as a user writes it, built with the rest so that the guide's lines build.
    .executableTarget(
      name: "GTKGreeting",
      dependencies: ["GTKHost", .product(name: "Headless", package: "BindingDSL")],
      swiftSettings: upcoming),
    .testTarget(
      name: "GTKHostTests",
      dependencies: [
        "GTKHost", "GTKHostTesting", "GTKShowcase", "GTKGreeting", "CGTK",
        .product(name: "BindingDSL", package: "BindingDSL"),
        .product(name: "Headless", package: "BindingDSL"),
        .product(name: "HeadlessTesting", package: "BindingDSL"),
      ],
      swiftSettings: upcoming),
  ],
  swiftLanguageModes: [.v6]
)
