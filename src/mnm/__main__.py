from mnm.cli import main

main()
