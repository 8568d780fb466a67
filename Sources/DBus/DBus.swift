// Placeholder until the D-Bus module lands.
