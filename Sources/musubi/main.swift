import MusubiCLI
Musubi.main()
