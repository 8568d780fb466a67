// Placeholder until the test bus lands.
