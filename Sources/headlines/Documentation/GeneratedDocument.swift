/// What `headlines --generate` prints: the man page or a shell's completion script.
enum GeneratedDocument: String, CaseIterable {
    case man, bash, zsh, fish

    var text: String {
        switch self {
        case .man: return ManPage.render()
        case .bash: return ShellCompletions.bash()
        case .zsh: return ShellCompletions.zsh()
        case .fish: return ShellCompletions.fish()
        }
    }
}
