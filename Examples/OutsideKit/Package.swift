// swift-tools-version: 6.2
// A package outside the library that depends on its products only: its tests prove that a kit
// can add declaration kinds with the library's public API (nothing `package` is visible here).
import PackageDescription

let package = Package(
  name: "OutsideKit",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [.package(name: "BindingDSL", path: "../..")],
  targets: [
    .testTarget(
      name: "OutsideKitTests",
      dependencies: [
        .product(name: "BindingDSL", package: "BindingDSL"),
        .product(name: "Headless", package: "BindingDSL"),
        .product(name: "HeadlessTesting", package: "BindingDSL"),
        .product(name: "Pictures", package: "BindingDSL"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
