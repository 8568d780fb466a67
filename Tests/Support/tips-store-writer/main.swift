print("writer: not yet")
