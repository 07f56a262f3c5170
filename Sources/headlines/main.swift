import DemoEdition
print(DemoEdition.documentURL as Any)
