import MusubiCLI

Musubi.main()
