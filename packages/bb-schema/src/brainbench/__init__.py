"""Generated modules of the brainbench wire package."""
