import Foundation
import PackagePlugin

/// Generates the Swift side of the D-Bus contract (`dbus/org.feels.Tips1.xml`) for the target that uses it: the
/// names, the dictionary types, the typed client and the server's protocol and interface table.
@main
struct InterfaceCodegen: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let contract = context.package.directoryURL.appending(path: "dbus/org.feels.Tips1.xml")
        let output = context.pluginWorkDirectoryURL.appending(path: "Contract.generated.swift")
        let generator = try context.tool(named: "tips-interface-codegen").url
        return [
            .buildCommand(
                displayName: "Generating the D-Bus contract from dbus/org.feels.Tips1.xml",
                executable: generator,
                arguments: [contract.path(percentEncoded: false), output.path(percentEncoded: false)],
                // A new generator makes the source anew, as a changed contract does.
                inputFiles: [contract, generator], outputFiles: [output])
        ]
    }
}
