from pnp.cli.app import main

main()
