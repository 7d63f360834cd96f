// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [.package(name: "BindingDSL", path: "..")],
  targets: [
    .target(name: "HeapStatistics"),
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        "HeapStatistics",
        .product(name: "BindingDSL", package: "BindingDSL"),
        .product(name: "Headless", package: "BindingDSL"),
        .product(name: "HeadlessTesting", package: "BindingDSL"),
        .product(name: "TerminalHost", package: "BindingDSL"),
        .product(name: "Pictures", package: "BindingDSL"),
      ],
      swiftSettings: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
