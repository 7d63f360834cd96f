// swift-tools-version: 6.2
// A package outside the library that depends on its products only: its tests prove that a kit
// can add declaration kinds and widget kinds that draw themselves in the terminal and in pictures with the library's public API
// (nothing `package` is visible here).
import PackageDescription

let package = Package(
  name: "OutsideKit",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [.library(name: "OutsideKit", targets: ["OutsideKit"])],
  dependencies: [.package(name: "BindingDSL", path: "../..")],
  targets: [
    .target(
      name: "OutsideKit",
      dependencies: [
        .product(name: "Headless", package: "BindingDSL"),
        .product(name: "TerminalHost", package: "BindingDSL"),
        .product(name: "Pictures", package: "BindingDSL"),
      ]),
    .testTarget(
      name: "OutsideKitTests",
      dependencies: [
        "OutsideKit",
        .product(name: "BindingDSL", package: "BindingDSL"),
        .product(name: "Headless", package: "BindingDSL"),
        .product(name: "HeadlessTesting", package: "BindingDSL"),
        .product(name: "TerminalHost", package: "BindingDSL"),
        .product(name: "TerminalHostTesting", package: "BindingDSL"),
        .product(name: "Pictures", package: "BindingDSL"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
