/**
 * The skills vocabulary that ships with the product (issue 11: "against a skills vocabulary that ships with the
 * project"): the skill as the profile shows it, then the other ways resumes write it. Matching folds case and
 * punctuation (skills.ts), so "Node.js", "nodejs" and "NODE JS" are one entry. Names that are also ordinary
 * words ("Go", "R", "C", "Swift", "Rust") are marked `!`: they count only in a skills section, never when
 * found in running text.
 */
const VOCABULARY = `
JavaScript|js|ecmascript|es6|es2015|vanilla js
TypeScript|ts
Python|python3|py
Java|java se|java ee|j2ee
Kotlin
!Swift
Objective-C|objc|objective c
!C|c language|ansi c
C++|cpp|c plus plus
C#|c sharp|csharp
!Go|golang
!Rust|rustlang
Ruby
PHP
Scala
Elixir
Erlang
Haskell
Clojure
F#|fsharp
!R|r language|rstats
MATLAB
Julia
Perl
Lua
Dart
Groovy
Bash|shell scripting|shell|sh
PowerShell
Visual Basic|vb|vba|vb.net
COBOL
Fortran
Assembly|asm|assembler
Solidity
SQL|structured query language
PL/SQL|plsql
T-SQL|tsql|transact-sql
GraphQL|gql
HTML|html5
CSS|css3
Sass|scss
Less
Tailwind CSS|tailwind|tailwindcss
Bootstrap
React|react.js|reactjs
React Native
Next.js|nextjs|next
Vue.js|vue|vuejs|vue 3
Nuxt|nuxt.js|nuxtjs
Angular|angular 2+|angularjs|angular.js
Svelte|sveltekit
Redux|redux toolkit
jQuery
Webpack
Vite
Babel
Node.js|node|nodejs
Express|express.js|expressjs
NestJS|nest.js|nest
Fastify
Deno
Django
Flask
FastAPI
Ruby on Rails|rails|ror
Spring|spring framework
Spring Boot|springboot
Hibernate
.NET|dotnet|.net core|net core|asp.net|asp.net core
Laravel
Symfony
Phoenix
Gin
Qt
Electron
Flutter
SwiftUI
Jetpack Compose
Android|android development|android sdk
iOS|ios development
Unity|unity3d
Unreal Engine|unreal|ue4|ue5
PostgreSQL|postgres|psql|postgre
MySQL
MariaDB
SQLite
Oracle Database|oracle db|oracle
Microsoft SQL Server|sql server|mssql|ms sql
MongoDB|mongo
Redis
Cassandra|apache cassandra
DynamoDB|amazon dynamodb
Elasticsearch|elastic search|elk
OpenSearch
Neo4j
CouchDB
Firebase
Supabase
Snowflake
BigQuery|google bigquery
Amazon Redshift|redshift
Databricks
Apache Spark|spark|pyspark
Apache Kafka|kafka
RabbitMQ
Apache Airflow|airflow
Hadoop|apache hadoop
Hive|apache hive
Apache Flink|flink
dbt|data build tool
Pandas
NumPy
SciPy
scikit-learn|sklearn|scikit learn
TensorFlow|tf
PyTorch|torch
Keras
Hugging Face|huggingface|transformers
LangChain
OpenCV
XGBoost
LightGBM
Jupyter|jupyter notebook|jupyterlab
Machine Learning|ml
Deep Learning|dl
Natural Language Processing|nlp
Computer Vision|cv
Large Language Models|llm|llms
Reinforcement Learning|rl
Data Analysis|data analytics
Data Science
Data Engineering
Data Visualization|data viz|dataviz
Statistics|statistical analysis
A/B Testing|ab testing|split testing|experimentation
ETL|elt|etl pipelines
Data Modeling|data modelling
Tableau
Power BI|powerbi|microsoft power bi
Looker
Excel|microsoft excel|ms excel|advanced excel
Google Sheets
Amazon Web Services|aws
Microsoft Azure|azure
Google Cloud Platform|gcp|google cloud
Docker|containers
Kubernetes|k8s
Helm
Terraform
Ansible
Puppet
Chef
Pulumi
CloudFormation|aws cloudformation
Serverless|aws lambda|lambda
Jenkins
GitHub Actions
GitLab CI|gitlab ci/cd|gitlab
CircleCI
CI/CD|ci cd|continuous integration|continuous delivery|continuous deployment
Git|git scm
GitHub
Bitbucket
Linux|gnu/linux|unix
Nginx
Apache HTTP Server|apache httpd
Prometheus
Grafana
Datadog
Splunk
New Relic
OpenTelemetry|otel
Site Reliability Engineering|sre
DevOps
Microservices|micro services|microservice architecture
REST APIs|rest|restful|rest api|restful apis
gRPC
WebSockets|websocket
OAuth|oauth2|oauth 2.0
OpenID Connect|oidc
System Design
Distributed Systems
Event-Driven Architecture|event driven architecture
Domain-Driven Design|ddd|domain driven design
Test-Driven Development|tdd|test driven development
Unit Testing
Jest
Vitest
Mocha
Cypress
Playwright
Selenium
JUnit
pytest
Postman
Cybersecurity|cyber security|information security|infosec
Penetration Testing|pen testing|pentesting
OWASP
Network Security
Identity and Access Management|iam
SIEM
ISO 27001|iso/iec 27001
GDPR
SOC 2|soc2
Cryptography
Networking|computer networking
TCP/IP
Embedded Systems|embedded
RTOS
FPGA
VHDL
Verilog
PLC Programming|plc
SCADA
ROS|robot operating system
Robotics
Computer-Aided Design|cad
AutoCAD
SolidWorks
CATIA
Fusion 360|autodesk fusion 360
ANSYS
Simulink
LabVIEW
3D Printing|additive manufacturing
Lean Manufacturing|lean
Six Sigma|lean six sigma
Quality Assurance|qa
Quality Control|qc
Figma
Sketch
Adobe XD|xd
Adobe Photoshop|photoshop
Adobe Illustrator|illustrator
Adobe InDesign|indesign
Adobe After Effects|after effects
Adobe Premiere Pro|premiere pro|premiere
Blender
UX Design|user experience|ux|user experience design
UI Design|user interface design|ui
Interaction Design
Product Design
Visual Design
Graphic Design
Wireframing|wireframes
Prototyping
User Research|ux research
Usability Testing
Design Systems|design system
Accessibility|a11y|wcag
Information Architecture
Copywriting
Content Strategy
Technical Writing
Search Engine Optimization|seo
Search Engine Marketing|sem
Google Analytics|ga4
Google Ads|adwords
Digital Marketing
Social Media Marketing|social media
Content Marketing
Email Marketing
Marketing Automation
HubSpot
Marketo
Salesforce|sfdc
CRM|customer relationship management
SAP
Oracle ERP|oracle e-business suite
Workday
ServiceNow
Zendesk
Jira|atlassian jira
Confluence
Trello
Asana
Notion
Slack
Microsoft Office|ms office|office 365|microsoft 365
Microsoft Word|ms word|word
PowerPoint|microsoft powerpoint|ms powerpoint
Agile|agile methodologies
Scrum
Kanban
Waterfall
Project Management
Program Management
Product Management
Product Strategy
Roadmapping|product roadmap
Stakeholder Management
Change Management
Risk Management
Vendor Management
Budgeting|budget management
Strategic Planning
Business Analysis
Business Intelligence|bi
Requirements Gathering|requirements analysis
Process Improvement
Operations Management
Supply Chain Management|supply chain|scm
Logistics
Procurement
Inventory Management
Financial Analysis
Financial Modeling|financial modelling
Accounting
Bookkeeping
Auditing|audit
Tax Preparation|taxation
Forecasting
Payroll
QuickBooks
Xero
IFRS
US GAAP|gaap
Investment Banking
Equity Research
Valuation
Risk Analysis
Compliance|regulatory compliance
Anti-Money Laundering|aml
Sales
Business Development|biz dev
Account Management
Key Account Management|kam
Lead Generation
Negotiation
Customer Service|customer support
Customer Success
Public Speaking|presentation skills|presentations
Leadership|team leadership
People Management|team management
Mentoring|coaching
Recruiting|recruitment|talent acquisition
Human Resources|hr
Onboarding
Employee Relations
Training and Development|learning and development|l&d
Communication|communication skills
Problem Solving|problem-solving
Teamwork|collaboration
Time Management
Critical Thinking
Research
Teaching
Curriculum Development
Nursing|registered nursing
Patient Care
Electronic Health Records|ehr|emr
Clinical Research
Pharmacology
Phlebotomy
CPR|cpr certified
First Aid
Laboratory Techniques|lab techniques
PCR
Cell Culture
Bioinformatics
Biostatistics
GIS|geographic information systems|arcgis|qgis
Mechanical Engineering
Electrical Engineering
Civil Engineering
Structural Engineering
Chemical Engineering
HVAC
Project Scheduling|primavera p6|ms project|microsoft project
Translation
Interpreting|interpretation
Photography
Video Editing
Animation
Game Development|game dev
WordPress
Shopify
Magento
Webflow
Web Development
Mobile Development|mobile app development
Frontend Development|front-end development|front end development|frontend
Backend Development|back-end development|back end development|backend
Full-Stack Development|full stack development|fullstack|full-stack
Blockchain
Web3
Cloud Computing|cloud
Virtualization|vmware
Windows Server
Active Directory
Technical Support|it support|help desk|helpdesk
Troubleshooting
`;

export interface VocabularySkill {
  name: string;
  aliases: readonly string[];
  /** An ordinary word too: counts only inside a skills section. */
  isAmbiguous: boolean;
}

export const SKILLS_VOCABULARY: readonly VocabularySkill[] = VOCABULARY.trim()
  .split('\n')
  .map((line) => {
    const isAmbiguous = line.startsWith('!');
    const [name, ...aliases] = (isAmbiguous ? line.slice(1) : line).split('|') as [string, ...string[]];
    return { name, aliases, isAmbiguous };
  });
