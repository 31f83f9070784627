"""The real channels into a trust brain: the MCP server and the GitHub-issue connector."""
