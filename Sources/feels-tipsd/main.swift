print("feels-tipsd: not yet")
