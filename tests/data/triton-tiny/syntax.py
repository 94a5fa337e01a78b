"""Does not parse."""
def kernel_function(a, b)
    return a @ b
