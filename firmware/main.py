from console import main  # the console: firmware/console.py

main()
